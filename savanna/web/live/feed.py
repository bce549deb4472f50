"""The views a game's connections hold, and the messages that bring each up to date.

A connection is sent the whole view once (on connecting, after "auth", and whenever it asks
with {"type": "state"}), and after that, on every change of the game, a patch of the view
it holds:

    {"type": "state", "seats": [...], "rev": 7, "view": {...}}      the whole view
    {"type": "patch", "base": 7, "rev": 8, "patch": [op, ...]}      JSON Patch (RFC 6902,
                                                                    see views/patch.py) of the
                                                                    view at rev 7
`rev` numbers the views sent to one game's connections in this server process (a changed
list of who is connected is a new rev too; the view's own "version" counts stored moves). A
client applies a patch only to the view whose rev is the patch's base; one that finds
another base has missed something and asks for the whole view again. After a reconnection
(or a restart of the server) the first message is a whole view.

The views sent last are kept as JSON text (patch.Snapshot), not as objects: the garbage
collector would otherwise go through hundreds of views of a thousand containers each.

A view is built knowing what the feed holds (`Feed.held`, views/build.py): many actions leave a
game's layout as it was (its view module's `layout_key` says when: about half of them in a
tile-laying game), and then the fields built from it are left KEPT (their text taken as it
is); the history, whose entries never change, comes as Grown (the new entries only, and how
many of the oldest drop out of the view: it carries the latest, views/history.py).
Building, encoding and comparing views was half the server's work a move.

Views differ by viewer only in games that hide something from some seats (`views.hides`): there
each seat's connections get their own view and patches, spectators the shared one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..jsontext import dumps as encode
from ..views.build import Held
from ..views.patch import Keys, Op, Snapshot, apply

Viewer = int | None  # whose eyes a view is built for: a seat, or None (everyone's)


class Frame:
    """One viewer's view at one rev, kept as text (a Snapshot), and the patch to it from the
    viewer's view before (`base`: that one's rev; None: there was none)."""

    __slots__ = ("rev", "snapshot", "base", "ops", "_view_json", "_patch")

    def __init__(self, rev: int, snapshot: Snapshot, base: int | None = None, ops: list[Op] | None = None):
        self.rev, self.snapshot, self.base, self.ops = rev, snapshot, base, ops
        self._view_json: str | None = None
        self._patch: str | None = None

    @property
    def view_json(self) -> str:
        if self._view_json is None:
            self._view_json = self.snapshot.json()
        return self._view_json

    def state(self, seats: frozenset[int], ref: Any = None) -> str:
        extra = "" if ref is None else ',"ref":' + encode(ref)
        return (f'{{"type":"state","seats":{encode(sorted(seats))},"rev":{self.rev}{extra},'
                f'"view":{self.view_json}}}')

    def patch(self) -> str:
        if self._patch is None:
            self._patch = encode({"type": "patch", "base": self.base, "rev": self.rev, "patch": self.ops})
        return self._patch

    def message(self, has: tuple[int | None, Viewer] | None, viewer: Viewer, seats: frozenset[int],
                whole: bool = False, ref: Any = None) -> str | Whole | None:
        """What a connection needs that `has` (rev, viewer) of the view it was sent last: nothing
        if it holds this one, the patch if it holds the one before, else the whole view (also
        when `whole`, with `ref`)."""
        if not whole and has is not None and has[1] == viewer:
            if has[0] == self.rev:
                return None
            if has[0] == self.base and self.base is not None:
                return self.patch()
        return Whole(self, seats, ref)


class Whole:
    """A whole view to send to one connection: made text only when it is sent, so that the
    connections waiting for the same view share its text (a connection's outbox holds one
    of these at most, see outbox.py)."""

    __slots__ = ("frame", "seats", "ref", "size")

    def __init__(self, frame: Frame, seats: frozenset[int], ref: Any = None):
        self.frame, self.seats, self.ref = frame, seats, ref
        self.size = len(frame.view_json) + 100  # about its text's bytes (the view's text is made now)

    def text(self) -> str:
        return self.frame.state(self.seats, self.ref)


class Feed:
    """The latest view of one game sent to each viewer, numbered by rev. Not thread-safe:
    one update at a time per game (LiveGames holds the game's lock)."""

    def __init__(self, keys: Keys | None = None):
        self.keys = keys
        self.rev = 0
        self.frames: dict[Viewer, Frame] = {}
        self.layout: Any = None  # the (line, layout) key of the views last taken (views.build.layout_key)

    def held(self, viewers: Iterable[Viewer], layout: tuple[int, Any]) -> Held | None:
        """What each of `viewers` holds, for building their new views from it (views.build; None:
        one holds nothing). The frames are all of one update: of one version of the game."""
        frames = [self.frames.get(v) for v in viewers]
        if not frames or None in frames or self.layout is None or layout[0] != self.layout[0]:
            return None  # nothing held, or held of another line of play (a takeback came between)
        first = frames[0]
        assert first is not None  # (None in frames is ruled out above)
        parts = first.snapshot.parts
        since = parts.get("history_from")
        return Held(layout[1] is not None and layout == self.layout,
                    {k: len(p[0]) for k, p in parts.items() if type(p) is tuple},
                    int(since) if type(since) is str and since.isdigit() else None)

    def update(self, views: dict[Viewer, dict[str, Any]], layout: Any = None) -> dict[Viewer, Frame]:
        """Take each viewer's new view (plain JSON data, not changed afterwards; a value KEPT is
        the one of that viewer's last) built from `layout`; a view equal to that viewer's last
        keeps its rev. Viewers not given are forgotten (no connection of theirs is left)."""
        frames = {}
        for viewer, view in views.items():
            old = self.frames.get(viewer)
            snapshot = Snapshot(view, self.keys, None if old is None else old.snapshot)
            if old is None:
                self.rev += 1
                frames[viewer] = Frame(self.rev, snapshot)
            elif old.snapshot == snapshot or not (ops := old.snapshot.diff(view, snapshot)):
                frames[viewer] = old
            else:
                self.rev += 1
                frames[viewer] = Frame(self.rev, snapshot, old.rev, ops)
        self.frames = frames
        self.layout = layout
        return frames


class Mirror:
    """A client's copy of a game's view, kept by the feed's messages (the load benchmark's
    seats and the tests use it; the browser's game.js does the same)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.rev: int | None = None
        self.seats: list[int] = []
        self.gaps = 0  # patches that did not fit the view held
        self.asking = False  # a gap was found: the whole view is asked for and not here yet

    def take(self, message: dict[str, Any]) -> str | None:
        """Take a "state" or "patch" message: "view" if the view changed, "ask" if the client
        must ask for the whole view ({"type": "state"}) because a patch did not fit the one
        held (said once per gap), None if nothing changed (another message, or a patch for a
        view this copy no longer holds, while the whole one is on its way)."""
        kind = message.get("type")
        if kind == "state":
            self.view, self.rev, self.seats = message["view"], message.get("rev"), message.get("seats", [])
            self.asking = False
            return "view"
        if kind != "patch":
            return None
        if self.view is not None and not self.asking and message.get("base") == self.rev:
            try:
                self.view = apply(self.view, message["patch"])
                self.rev = message["rev"]
                return "view"
            except ValueError:
                pass  # a bug somewhere: the whole view puts it right
        if self.asking:
            return None
        self.gaps += 1
        self.asking = True
        return "ask"
