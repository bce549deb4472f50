"""Patches of the view instead of the whole view after every change: the diff checked
against an independent JSON Patch implementation (the `jsonpatch` package), whole games
of Safari and of Africa with hidden treasure (each seat's patches keep the others' gold
and gems from it), the patches a connection gets over the WebSocket, a client that misses
one and recovers with the whole view, and bad input around them."""

from __future__ import annotations

import json
import random
from copy import deepcopy

import pytest

jsonpatch = pytest.importorskip("jsonpatch")
pytest.importorskip("fastapi")

from hypothesis import given, settings
from hypothesis import strategies as st
from test_web_ws import recv_raw

from savanna.web.views import build as views
from savanna.web.live.feed import Feed, Mirror
from savanna.web.views.patch import Snapshot, apply, diff
from savanna.web.table.service import GameService
from savanna.web.store.memory import MemoryStore
from savanna.web.store.storage import Store


def view_of(service, rec, connected=(), spectators=0, viewer=None, held=None):
    """A game's view as the live games build it (views.build of the service's position)."""
    return views.build(rec, service.position(rec), connected=connected, spectators=spectators, viewer=viewer,
                       held=held)


def layout_of(service, rec):
    return views.layout_key(rec, service.position(rec))


# ------------------------------------------------------------------ the diff

# JSON values (no booleans: Python's 1 == True would hide a change JSON sees)
LEAVES = st.none() | st.integers(-3, 3) | st.text(alphabet="ab/~", max_size=3)
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
    st.text(alphabet="ab/~-0", max_size=3), inner, max_size=5), max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(JSON, JSON)
def test_a_diff_turns_the_old_document_into_the_new_by_any_implementation(old, new):
    ops = diff(old, new)
    assert (ops == []) == (old == new)
    assert jsonpatch.apply_patch(deepcopy(old), ops) == new
    assert apply(deepcopy(old), ops) == new
    assert {op["op"] for op in ops} <= {"add", "remove", "replace"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-30, 30), unique=True), st.lists(st.integers(-30, 30), unique=True),
       st.sets(st.integers(-30, 30)))
def test_lists_matched_by_identity_patch_right_whatever_comes_and_goes(before, after, changed):
    def board(xs):
        return {"board": [{"x": x, "meeples": [1] if x in changed and xs is after else []} for x in sorted(xs)]}

    old, new = board(before), board(after)
    ops = diff(old, new, {"board": lambda t: t["x"]})
    assert jsonpatch.apply_patch(deepcopy(old), ops) == new
    assert apply(deepcopy(old), ops) == new


def test_a_tile_put_in_the_middle_of_a_sorted_board_is_one_add_beside_what_it_changed():
    old = {"board": [{"x": x, "y": 0, "id": f"S{x}", "feature": 1} for x in range(20)]}
    new = deepcopy(old)
    new["board"].insert(7, {"x": 50, "y": 0, "id": "new", "feature": 2})
    new["board"][8]["feature"] = new["board"][12]["feature"] = 2  # joined to the new tile's trail
    keyed = diff(old, new, {"board": lambda t: (t["x"], t["y"])})
    assert keyed == [{"op": "add", "path": "/board/7", "value": new["board"][7]},
                     {"op": "replace", "path": "/board/8/feature", "value": 2},
                     {"op": "replace", "path": "/board/12/feature", "value": 2}]
    assert len(json.dumps(diff(old, new))) > 2 * len(json.dumps(keyed))  # by position, the tiles between shift


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from("abcd"), JSON, max_size=4), st.dictionaries(st.sampled_from("abcd"), JSON, max_size=4))
def test_a_document_kept_as_text_diffs_like_the_document(old, new):
    keys = {"a": lambda e: json.dumps(e, sort_keys=True)}  # an identity for the list under "a", if one
    before, after = Snapshot(old, keys), Snapshot(new, keys)
    assert json.loads(before.json()) == old
    ops = before.diff(new, after)
    assert (ops == []) == (old == new)
    assert jsonpatch.apply_patch(deepcopy(old), ops) == new
    assert apply(deepcopy(old), ops) == new


def test_an_op_that_does_not_fit_the_document_is_refused_with_a_message():
    doc = {"a": [1, 2], "b": {"c": 3}}
    for op in ({"op": "replace", "path": "/a/5", "value": 0}, {"op": "remove", "path": "/nope"},
               {"op": "add", "path": "/b/c/d", "value": 1}, {"op": "move", "path": "/a/0"},
               {"op": "replace", "path": "/x", "value": 1}, {"op": "remove", "path": ""}):
        with pytest.raises(ValueError, match="does not fit|cannot|unknown op"):
            apply(deepcopy(doc), [op])
    assert apply(deepcopy(doc), [{"op": "add", "path": "/a~1b", "value": 1}])["a/b"] == 1  # RFC 6901 escapes


# ------------------------------------------------------- whole games, no server


def play(service, game_id, tokens, rng, on_change, limit=5000):
    """Play random legal actions to the end, calling on_change(record) after each."""
    rec = service.record(game_id)
    on_change(rec)
    for _ in range(limit):
        if rec.status == "over":
            return
        g = service.position(rec).game
        rec = service.act(game_id, tokens[g.current_player], rng.choice([str(a) for a in g.legal_actions()]))
        on_change(rec)
    raise AssertionError("the game did not end")


def test_a_safari_games_patches_in_sequence_rebuild_every_view(tmp_path):
    service = GameService(MemoryStore())  # (no database: the views and patches are the point)
    c = service.create(seats=[{"kind": "human"}] * 3, seed=21)
    feed, held, sizes = Feed(views.patch_keys("safari")), None, []

    def check(rec):
        nonlocal held
        view = view_of(service, rec, {0, 1, 2}, 1)
        frame = feed.update({None: view})[None]
        if held is None:
            assert frame.base is None  # nothing to patch: the whole view
        else:
            assert frame.base == held[0] and frame.rev > held[0]
            patched = jsonpatch.apply_patch(held[1], frame.ops)
            assert patched == view == json.loads(frame.view_json)
            sizes.append((len(frame.patch()), len(frame.view_json)))
        held = (frame.rev, json.loads(frame.view_json))

    play(service, c.id, [s["token"] for s in c.seats], random.Random(21), check)
    assert held[1]["status"] == "over" and len(sizes) == held[1]["moves"]
    assert sum(p for p, _ in sizes) < sum(v for _, v in sizes) / 4  # the point of it


def test_views_that_keep_the_board_while_no_tile_or_meeple_changes_patch_as_whole_ones(tmp_path):
    # as LiveGames builds them: the board, features and empty spaces are not built again while
    # the engine's layout_key stays, nor the histories' entries held; the patches and views
    # must be those of views built whole
    service = GameService(MemoryStore())  # (no database: the views and patches are the point)
    c = service.create(seats=[{"kind": "human"}] * 2, seed=8)
    feeds = {step: (Feed(views.patch_keys("safari")), Feed(views.patch_keys("safari"))) for step in (1, 3)}
    kept = []

    def check(rec):
        for step, (whole, partial) in feeds.items():  # every version, and every third (several moves a patch)
            if rec.version % step:
                continue
            layout = layout_of(service, rec)
            held = partial.held([None], layout)
            if step == 1:
                kept.append(held is not None and held.layout)
            a = whole.update({None: view_of(service, rec, {0}, 0)})[None]
            b = partial.update({None: view_of(service, rec, {0}, 0, held=held)}, layout)[None]
            assert (a.rev, a.base, a.ops) == (b.rev, b.base, b.ops)
            assert a.view_json == b.view_json

    play(service, c.id, [s["token"] for s in c.seats], random.Random(8), check)
    assert len(kept) > 100 and sum(kept) > len(kept) / 3  # many actions lay no tile and no meeple


def test_a_feed_that_missed_a_takeback_builds_the_new_line_whole(tmp_path):
    # a takeback and new moves to the same length again, with no view built between (publishes
    # are of the game as stored, so one can miss versions): what the feed holds is of the old
    # line; the new views must be those built whole
    from savanna.web.table import takeback

    service = GameService(MemoryStore())  # (no database: the views and patches are the point)
    c = service.create(seats=[{"kind": "human"}] * 2, hotseat=True, seed=8)
    token = c.seats[0]["token"]
    rng = random.Random(4)
    feed = Feed(views.patch_keys("safari"))

    def move(rec, n):
        for _ in range(n):
            rec = service.act(c.id, token, rng.choice([str(a) for a in service.position(rec).game.legal_actions()]))
        return rec

    def take(rec):
        layout = layout_of(service, rec)
        return feed.update({None: view_of(service, rec, {0, 1}, 0, held=feed.held([None], layout))}, layout)[None]

    rec = move(service.record(c.id), 9)
    take(rec)
    for attempt in range(40):  # until the new line reaches the old length with a different history
        length = len(rec.actions)
        cut, _ = takeback.take_back(service, c.id, token)
        new = move(cut, length - len(cut.actions))
        if new.actions != rec.actions:
            break
        rec = new
    else:
        raise AssertionError("random moves never changed the line")
    assert len(new.actions) == length and new.actions != rec.actions
    assert feed.held([None], layout_of(service, new)) is None  # another line: nothing held counts
    frame = take(new)
    assert json.loads(frame.view_json) == json.loads(json.dumps(view_of(service, new, {0, 1}, 0)))


def test_africa_with_hidden_treasure_patches_each_seat_its_own_view_and_no_one_elses_treasure(tmp_path):
    service = GameService(MemoryStore())  # (no database: the views and patches are the point)
    c = service.create(seats=[{"kind": "human"}] * 3, game="africa", hidden_treasure=True, seed=5)
    feed = Feed(views.patch_keys("africa"))
    held: dict = {}
    seen_hidden = set()

    def hidden_from(viewer, view):
        return [s["seat"] for s in view["seats"] if s["seat"] != viewer]

    def check(rec):
        built = {v: view_of(service, rec, {0, 1, 2}, 0, v) for v in (None, 0, 1, 2)}
        frames = feed.update(built)
        for viewer, frame in frames.items():
            view = built[viewer]
            if viewer in held:
                doc = held[viewer][1]
                for op in frame.ops or ():  # op by op: not for a moment another seat's treasure
                    doc = jsonpatch.apply_patch(doc, [op], in_place=True)  # (doc is this test's own copy)
                    if view["status"] == "playing":
                        for s in hidden_from(viewer, doc):
                            assert doc["seats"][s]["gold"] is None and doc["seats"][s]["gems"] is None
                assert doc == view
            held[viewer] = (frame.rev, json.loads(frame.view_json))
            if view["status"] == "playing" and viewer is not None:
                mine = view["seats"][viewer]
                if mine["treasure_tiles"]:
                    seen_hidden.add(viewer)
                assert isinstance(mine["gold"], int)

    play(service, c.id, [s["token"] for s in c.seats], random.Random(3), check)
    assert seen_hidden, "no seat took treasure: the game tested nothing hidden"
    final = held[None][1]
    assert final["status"] == "over" and all(isinstance(s["gold"], int) for s in final["seats"])
    assert all(held[v][1] == final | {"viewer": v} for v in (0, 1, 2))  # over: everyone sees everything


def test_a_copy_that_misses_a_patch_asks_once_for_the_whole_view_and_goes_on_from_it():
    feed, copy = Feed(), Mirror()
    views_ = [{"version": i, "history": list(range(i))} for i in range(5)]
    frames = [feed.update({None: v})[None] for v in views_]
    state = json.loads(frames[0].state(frozenset({0})))
    assert copy.take(state) == "view" and copy.rev == frames[0].rev and copy.seats == [0]
    assert copy.take(json.loads(frames[1].patch())) == "view"
    # the patch to rev 3 is lost; the next ones do not fit
    assert copy.take(json.loads(frames[3].patch())) == "ask"
    assert copy.take(json.loads(frames[4].patch())) is None  # asked already: wait for the whole view
    assert copy.view == views_[1] and copy.gaps == 1
    assert copy.take(json.loads(frames[4].state(frozenset({0}), ref="r"))) == "view"
    assert copy.view == views_[4] and not copy.asking
    # a patch that names the right base but does not fit the view is a gap too
    copy.view["history"] = []
    bad = {"type": "patch", "base": copy.rev, "rev": copy.rev + 1,
           "patch": [{"op": "replace", "path": "/history/3", "value": 9}]}
    assert copy.take(bad) == "ask" and copy.gaps == 2


# ------------------------------------------------------------ over the socket


@pytest.fixture
def app_options():
    return {"search_processes": False}


class Follower:
    """A connection's messages as sent, its view rebuilt with the `jsonpatch` package."""

    def __init__(self, ws):
        self.ws, self.view, self.rev, self.patches, self.wholes, self.other = ws, None, None, 0, 0, []

    def until(self, pred, limit=200):
        """Read messages until pred(view) holds (other messages are kept in .other)."""
        for _ in range(limit):
            if self.view is not None and pred(self.view):
                return self.view
            m = recv_raw(self.ws)
            if m["type"] == "state":
                self.view, self.rev, self.wholes = m["view"], m["rev"], self.wholes + 1
            elif m["type"] == "patch":
                assert m["base"] == self.rev, "a patch for another view than the one sent before"
                self.view, self.rev = jsonpatch.apply_patch(self.view, m["patch"]), m["rev"]
                self.patches += 1
            else:
                self.other.append(m)
        raise AssertionError("the view never got there")


def rest_view(client, gid, token=None):
    r = client.get(f"/api/games/{gid}" + (f"?token={token}" if token else ""))
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("game", ["safari", "africa"])
def test_every_connection_gets_patches_that_rebuild_its_own_view(client, game):
    extra = {"game": "africa", "hidden_treasure": True} if game == "africa" else {}
    g = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 9, **extra}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = random.Random(9)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as w0, \
            client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as w1, \
            client.websocket_connect(f"/ws/games/{gid}") as ws:
        people = {0: Follower(w0), 1: Follower(w1), None: Follower(ws)}
        for f in people.values():  # everyone has arrived
            f.until(lambda v: v["spectators"] == 1 and all(s["connected"] for s in v["seats"]))
        for move in range(1, 41):
            seat = people[None].view["current_player"]
            legal = people[seat].view["legal_actions"]
            people[seat].ws.send_json({"type": "action", "action": rng.choice(legal), "ref": move})
            if move % 10 == 0:  # bad input in between is answered and breaks no one's patches
                people[seat].ws.send_json({"type": "action", "action": "nonsense", "ref": "bad"})
            for viewer, f in people.items():
                seen = f.until(lambda v: v["moves"] == move)
                assert seen == rest_view(client, gid, tokens[viewer] if viewer is not None else None)
                if game == "africa" and seen["status"] == "playing":
                    assert all((s["gold"] is not None) == (s["seat"] == viewer) for s in seen["seats"])
        for viewer, f in people.items():
            f.ws.send_json({"type": "ping"})  # answered after anything sent before
            f.until(lambda v: any(m["type"] == "pong" for m in f.other))
            assert f.wholes == 1 and f.patches >= 40  # one whole view, then patches only
        errors = [m for f in people.values() for m in f.other if m["type"] == "error"]
        assert len(errors) == 4 and all(m["ref"] == "bad" for m in errors)
        assert {m["code"] for m in errors} <= {"illegal_action", "not_your_turn"}  # (its turn may be over)


def test_a_connection_that_misses_a_patch_asks_for_the_whole_view_and_goes_on(client):
    g = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 4}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = random.Random(4)

    def move():
        v = rest_view(client, gid)
        token = tokens[v["current_player"]]
        r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": rng.choice(v["legal_actions"])})
        assert r.status_code == 200, r.text

    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        copy = Mirror()
        assert copy.take(recv_raw(ws)) == "view"
        move()
        move()
        lost = recv_raw(ws)
        assert lost["type"] == "patch"  # dropped, as a client with a bug or a lost message would
        assert copy.take(recv_raw(ws)) == "ask"
        ws.send_json({"type": "state", "ref": "again"})
        move()  # another change on the way: its patch may come before the whole view (and is not applied)
        while (m := recv_raw(ws)).get("ref") != "again":
            assert m["type"] == "patch" and copy.take(m) is None
        assert m["type"] == "state" and copy.take(m) == "view"
        if copy.view["moves"] == 2:  # the change came after: as a patch of the whole view
            assert copy.take(recv_raw(ws)) == "view"
        assert copy.view == rest_view(client, gid) and copy.view["moves"] == 3
        move()
        assert copy.take(recv_raw(ws)) == "view" and copy.view == rest_view(client, gid)
        assert copy.gaps == 1


def test_auth_and_a_state_request_get_the_whole_view_in_its_place_among_the_patches(client):
    g = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "seed": 6}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        first = recv_raw(ws)
        assert first["type"] == "state" and first["seats"] == []
        ws.send_json({"type": "auth", "token": token})
        whole = recv_raw(ws)
        assert whole["type"] == "state" and whole["seats"] == [0] and whole["rev"] > first["rev"]
        assert whole["view"]["seats"][0]["connected"]
        ws.send_json({"type": "state", "ref": {"not": "a ref"}})  # a ref that is not text or a number is dropped
        again = recv_raw(ws)
        assert again["type"] == "state" and "ref" not in again and again["rev"] == whole["rev"]
        ws.send_json({"type": "action", "action": whole["view"]["legal_actions"][0], "ref": 1})
        got = [recv_raw(ws), recv_raw(ws)]
        patch = next(m for m in got if m["type"] == "patch")
        assert patch["base"] == again["rev"]
        assert jsonpatch.apply_patch(again["view"], patch["patch"]) == rest_view(client, gid, token)
        assert {"type": "accepted", "action": whole["view"]["legal_actions"][0], "version": 1, "ref": 1} in got
