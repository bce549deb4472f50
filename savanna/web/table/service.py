"""The games of the web app: created, rebuilt, played and saved through the engines.

`GameService` is the synchronous core of the room, safe to call from several threads: every
rule is the engine's, and every game is known by its description (savanna.games), so nothing
here names one. The store holds each game as its seed, rules and action list, and a game's
state is rebuilt from those (and cached in memory by game id at its latest version, so a move
costs one `apply` on a copy). Who may act is the one thing decided here: a seat's secret token
acts for that seat (seats.py), and only when the engine says that seat is `current_player`.

The room's other concerns (resign.py, takeback.py) are handed the service and use its public
methods: `lock` (one change of a game at a time), `record`, `position`, `rebuild`, `save` (a
change of seats, meta or the action list, stored at the version read) and `remember`.

The service calls no one back: each write notes what it did (events.py) in the journal of the
call that asked for it, and `handle(concern, *args)` returns the concern's answer with those
events (an `Outcome`), for the conductor (live/conductor.py) to hand on once the game's lock is
released. A write made outside `handle` (a tool's, a test's) tells no one.

Errors are `GameError(code, message)` (errors.py).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from savanna import games, saved_games
from savanna.ai import make_player
from savanna.limits import ACTION_CHARS

from ..jsontext import iso
from ..store.interface import GameStore
from ..store.storage import GameRecord, Listing, VersionConflict
from . import claims, clock, events, flag, resign, standing, timekeeping
from .reviews import IMPORTED
from .errors import GameError
from .position import Position
from .seats import (
    COMPUTER,
    HUMAN,
    MAX_THINK,
    checked_token,
    deal_tokens,
    hash_token,
    make_seats,
    new_token,
    player_seed,
    plays,
    saved_seats,
    seats_for,
)

log = logging.getLogger("savanna.web")

ACTION_LIMIT = ACTION_CHARS  # characters: the longest notation is about 25
CREATED_FROM = "created_from"  # meta: the client address that created the game (the computers' share of
                               # the searches is its; never shown)


def new_seed() -> int:
    """The seed of a game the server deals: 128 random bits, which nobody can guess or try
    in turn to find the stack's order from the tiles seen."""
    return secrets.randbits(128)


@dataclass
class Created:
    """A new game and its secrets: given once, to the creator; only hashes are stored."""

    id: str
    seats: list[dict[str, Any]]  # seat, name, kind, player, hotseat, token (humans) or None
    hotseat_token: str | None
    creator_token: str | None = None  # deletes the game while it is unfinished (resign.py)


def spec_for(name: Any, code: str = "bad_settings") -> games.GameSpec:
    """The description of the game `name`; GameError (`code`) naming the known games if none."""
    try:
        return games.spec(name)
    except ValueError as e:
        raise GameError(code, str(e)) from None


def lobby_options(spec: games.GameSpec, given: dict[str, Any]) -> dict[str, Any]:
    """The rules a player picks, as a new game of `spec` takes them: each option offered in the
    lobby at its value given (else its default); one the game has not is refused. The values
    are the engine's to check (its messages say what is allowed)."""
    offered = [o for o in spec.options if o.lobby]
    names = {o.name for o in offered}
    wrong = [k for k, v in given.items() if v is not None and k not in names]
    if wrong:
        raise GameError("bad_settings", f"{spec.name} has no option {wrong[0]} (its options: "
                                        f"{', '.join(o.name for o in offered) or 'none'})")
    return {o.name: o.default if given.get(o.name) is None else given[o.name] for o in offered}


class GameService:
    """Create, rebuild, play, replay, export and import games (see the module docstring)."""

    def __init__(self, store: GameStore, cache_size: int = 2048, *, max_think: float = MAX_THINK,
                 computer_only: bool = False, find_account: Callable[[str], tuple[int, str] | None] | None = None,
                 now: Callable[[], float] = time.time, first_move: float = clock.FIRST_MOVE):
        """`max_think`: seconds a computer seat may think a move; `computer_only`: whether games
        without a human seat may be created (each is CPU spent for no one); `find_account(name)`:
        the (id, name) of the account a seat is invited by (None: no such account). `now`: the
        clocks' time, epoch seconds (tests inject theirs); `first_move`: seconds a person has for
        their first move in a real-time game before it is aborted (timekeeping.py)."""
        self.store = store
        self.now = now
        self.first_move = first_move
        self.find_account = find_account
        self.max_think = max_think
        self.computer_only = computer_only
        self.cache_size = cache_size  # games; a position takes some tens of KB
        self._cache: OrderedDict[str, tuple[GameRecord, Position]] = OrderedDict()
        self.own_data_cache_size = 64
        self._own_data: OrderedDict[str, None] = OrderedDict()  # cached games with their own tile set or map
        self._cache_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(64)]
        self.closed = False
        self._journals = threading.local()  # each thread's open journals (`handle`), innermost last

    def lock(self, game_id: str) -> threading.Lock:
        """The lock of one game's changes: who changes a game holds it from reading to storing."""
        return self._locks[hash(game_id) % len(self._locks)]

    # ------------------------------------------------------ what happened

    def handle(self, concern: Callable[..., Any], *args: Any, **kwargs: Any) -> events.Outcome:
        """`concern(self, *args, **kwargs)` (a write of the table: `GameService.act`, resign.resign,
        takeback.take_back, flag.fall...): its answer and the events of the writes it made, in
        order. Runs in the caller's thread; the concern takes the game's lock and releases it."""
        with self.journal() as noted:
            value = concern(self, *args, **kwargs)
        return events.Outcome(value, tuple(noted))

    @contextmanager
    def journal(self) -> Iterator[list[events.Event]]:
        """A list that collects the events of the writes made in this thread meanwhile."""
        stack = self._journals.__dict__.setdefault("stack", [])
        noted: list[events.Event] = []
        stack.append(noted)
        try:
            yield noted
        finally:
            stack.pop()

    def note(self, *happened: events.Event) -> None:
        """Add events to the innermost journal open in this thread (none open: no one is told)."""
        stack = getattr(self._journals, "stack", None)
        if stack:
            stack[-1].extend(happened)

    # ------------------------------------------------------------- creating

    def create(self, seats: Any = None, players: Any = None, seed: Any = None, hotseat: bool = False,
               listed: bool = True, game: str = games.DEFAULT_GAME, on_resign: Any = None, resign_player: Any = None,
               options: dict[str, Any] | None = None, address: str | None = None, rated: bool = False,
               creator_account: int | None = None, clock: Any = None, on_time: Any = None,
               **more_options: Any) -> Created:
        """A new game; each seat {"kind": "human"|"computer", "name": ..., "player": spec, "hotseat": bool}.
        Without seats: seat 0 human, the others the medium computer player. The rules options
        are the game's own (its description's), given as `options` or as keywords
        (`final_scoring="majority"`). `on_resign` and `resign_player`: what a resignation does
        (resign.py). `address`: the creating client's, kept for sharing computer time (live/searches.py).
        `rated`: a rated game (claims.py), by the logged-in `creator_account`. `clock`: its time
        control (clock.parse; None: untimed), `on_time`: what a flag fall does (flag.py)."""
        spec = spec_for(game)
        meta = resign.settings(on_resign, resign_player, self.max_think)
        control = timekeeping.control(clock, on_time)
        chosen = lobby_options(spec, {**(options or {}), **more_options})
        seat_list = make_seats(seats, players, hotseat, (spec.min_players, spec.max_players), self.max_think,
                               self.computer_only, find_account=self.find_account)
        if rated:
            claims.check_rated(seat_list, seed, hotseat, creator_account)
            meta["rated"] = True
        if creator_account is not None:
            meta["creator_account"] = creator_account
        deal = "random" if seed is None else "chosen"
        if seed is None:
            seed = new_seed()
        try:  # the engine says what is allowed
            position = Position.start(spec.module.new_game(players=len(seat_list), seed=seed, **chosen))
        except (TypeError, ValueError) as e:
            raise GameError("bad_settings", str(e)) from None
        # stored as the engine saves them: with the tile set's version, which a later default may not be
        return self._store_new(spec.name, {**spec.stored_settings(position.game), "deal": deal}, seat_list,
                               position, listed, meta, address, control)

    def import_game(self, data: Any, seats: Any = None, hotseat: bool | None = None, listed: bool = True,
                    on_resign: Any = None, resign_player: Any = None, address: str | None = None) -> Created:
        """A saved game (the JSON of `savanna play --save`, as text or parsed) as a new game here.
        Its seats: `seats` if given, else the save's own seats section (names and kinds, each
        computer's player: savanna.saved_games), else every seat human; without `seats` the human
        seats are played from one hotseat token (unless `hotseat` is false). A finished game's
        seats never act: their players are kept as the save names them. An unfinished one's
        computers must be players this server runs (else "bad_import", saying which)."""
        meta = {**resign.settings(on_resign, resign_player, self.max_think), IMPORTED: True}
        peek = data
        if isinstance(data, (str, bytes, bytearray)):
            try:
                peek = json.loads(data)
            except (ValueError, RecursionError):
                peek = None  # the engine says what is wrong with it
        name = games.name_of_save(peek)
        spec = spec_for(name, code="bad_import")
        try:  # the engine's checks and messages
            game = spec.module.from_json(data) if isinstance(data, (str, bytes, bytearray)) else spec.module.from_dict(data)
        except ValueError as e:
            raise GameError("bad_import", str(e)) from None
        if game.chance != "sampled":
            raise GameError("bad_import", "saved game: it plays chance explicitly (its draws are chance nodes, "
                                          "for research); the web app plays sampled games")
        # the uploader holds the save, and so its seed (and any order given): the deal is theirs
        settings = {**spec.stored_settings(game), "deal": "chosen"}
        saved = None if seats is not None else saved_games.seats_of(peek)  # (checked by the engine's loader)
        if seats is None:
            seats = saved or [{"kind": HUMAN} for _ in range(game.players)]
            hotseat = True if hotseat is None else hotseat
        if not isinstance(seats, list) or len(seats) != game.players:
            raise GameError("bad_settings", f"the saved game has {game.players} seats: give one entry for each")
        try:
            seat_list = make_seats(seats, None, bool(hotseat), (spec.min_players, spec.max_players), self.max_think,
                                   self.computer_only, finished=game.is_terminal(), find_account=self.find_account)
        except GameError as e:
            if saved is None:
                raise
            raise GameError("bad_import", f"saved game: its seats cannot play on here: {e.message} (upload it with "
                                          "seats of your own)") from None
        position = Position.rebuild(spec.name, settings, [str(a) for a in game.history], "saved game")
        meta = flag.left_in_save(position.game, seat_list, meta)  # (they rank last, as here)
        return self._store_new(spec.name, settings, seat_list, position, listed, meta, address)

    def _store_new(self, game: str, settings: dict[str, Any], seats: list[dict[str, Any]], position: Position,
                   listed: bool, meta: dict[str, Any], address: str | None = None,
                   control: dict[str, Any] | None = None) -> Created:
        tokens, shared = deal_tokens(seats)
        creator = new_token()
        over = position.game.is_terminal()
        meta = {**meta, "creator_hash": hash_token(creator), **({CREATED_FROM: address[:64]} if address else {})}
        deadline = None
        if control is not None:
            meta.update(on_time=control["on_time"], clock=timekeeping.started(
                control["control"], seats, meta, position.game, self.now(), self.first_move))
            deadline = clock.deadline(meta["clock"])
        record = self.store.create(settings=settings, seats=seats, actions=[str(a) for a in position.game.history],
                                   status="over" if over else "playing", summary=position.summary(),
                                   listed=bool(listed), game=game, meta=meta, deadline=deadline)
        self.remember(record, position)
        self.note(events.Created(record.id, record, record))  # (a correspondence game's first turn is one to tell of)
        out = [{"seat": i, "name": s["name"], "kind": s["kind"], "player": s["player"], "hotseat": s["hotseat"],
                "claimed": s.get("account") is not None, "open": bool(s.get("open")), "token": t}
               for i, (s, t) in enumerate(zip(seats, tokens))]
        log.info("game %s created: %s", record.id, ", ".join(f"{s['kind']}" for s in seats))
        return Created(record.id, out, shared, creator)

    # -------------------------------------------------------------- reading

    def record(self, game_id: str) -> GameRecord:
        rec = self.store.get(game_id)
        if rec is None:
            raise GameError("not_found", f"no game {game_id!r} here (check the link)")
        return rec

    def position(self, record: GameRecord) -> Position:
        """The game as of `record`, rebuilt through the engine. The latest position of each game
        is cached by id: a record one or more moves ahead of it (a move stored by another server,
        or by this one before a restart) costs only those moves, not a rebuild from the start."""
        with self._cache_lock:
            hit = self._cache.get(record.id)
            if hit is not None:
                self._cache.move_to_end(record.id)
        if hit is not None:
            version, pos = hit[0].version, hit[1]
            if version == record.version:
                return pos
            ahead = pos.caught_up(record.actions) if version < record.version else None
            if ahead is not None:
                self.remember(record, ahead)
                return ahead
        pos = self.rebuild(record)
        self.remember(record, pos)
        return pos

    def rebuild(self, record: GameRecord, actions: list[str] | None = None) -> Position:
        """The game of `record` after its first actions (`actions`: those; default all), rebuilt
        from the start (not cached: a replay's step, a takeback's cut)."""
        return Position.rebuild(record.game, record.settings, record.actions if actions is None else actions,
                                f"stored game {record.id}")

    def remember(self, record: GameRecord, pos: Position) -> None:
        """Cache `pos` as the game's position unless a later version is cached already. A game
        on its own tile set or map data holds that data (up to a megabyte or so, and not shared
        with other games): at most `own_data_cache_size` of those are kept."""
        own = spec_for(record.game).has_own_data(record.settings)
        with self._cache_lock:
            hit = self._cache.get(record.id)
            if hit is None or hit[0].version <= record.version:
                self._cache[record.id] = (record, pos)
            self._cache.move_to_end(record.id)
            if own:
                self._own_data[record.id] = None
                self._own_data.move_to_end(record.id)
                while len(self._own_data) > self.own_data_cache_size:
                    self._cache.pop(self._own_data.popitem(last=False)[0], None)
            while len(self._cache) > self.cache_size:
                self._own_data.pop(self._cache.popitem(last=False)[0], None)

    def forget(self, game_ids: Iterable[str]) -> None:
        """Drop deleted games from the cache of positions."""
        with self._cache_lock:
            for gid in game_ids:
                self._cache.pop(gid, None)
                self._own_data.pop(gid, None)

    def replay(self, game_id: str, step: Any) -> tuple[GameRecord, Position, Position, dict[str, Any]]:
        """The game after its first `step` actions (0: the start): its record, that position,
        the whole game's, and where the step is ({"step", "steps", "game_status",
        "last_action", "next_action"}; the views show it)."""
        rec = self.record(game_id)
        n = len(rec.actions)
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= n:
            raise GameError("bad_step", f"step must be a whole number from 0 to {n}, not {step!r}")
        full = self.position(rec)
        pos = full if step == n else self.rebuild(rec, rec.actions[:step])

        def entry(i: int) -> dict[str, Any] | None:
            if not 0 <= i < n:
                return None
            return {"move": i + 1, "turn": full.turns[i], "seat": full.game.actors[i], "action": rec.actions[i],
                    **({"scored": full.events[i]} if full.events[i] else {})}

        meta = {"step": step, "steps": n, "game_status": rec.status, "last_action": entry(step - 1),
                "next_action": entry(step)}
        return rec, pos, full, meta

    def seats_for(self, record: GameRecord, token: Any) -> frozenset[int]:
        """The seats a token or Credential acts for (empty: a spectator's, or none)."""
        return seats_for(record.seats, token)

    def export(self, game_id: str, token: Any = None) -> str:
        """The saved game, exactly the engine's `to_json()` (what `savanna replay` reads), with the
        seats' names and kinds (saved_seats).
        It holds the seed, which fixes the stack order: while the game is played only a token
        (or an account) that plays every human seat (no other person to cheat) may have it."""
        rec = self.record(game_id)
        if rec.status != "over":
            humans = {i for i, s in enumerate(rec.seats) if s["kind"] == HUMAN}
            mine = self.seats_for(rec, token)
            if claims.is_rated(rec):  # (a person alone against computers would see their stack)
                raise GameError("hidden", "a rated game can be downloaded once it is over: the saved game holds "
                                          "the seed, which would show the order of the stack")
            if not mine or not humans <= mine:
                raise GameError("hidden", "a game can be downloaded once it is over: the saved game holds the seed, "
                                          "which would show the order of the stack (a token that plays every human "
                                          "seat may download it earlier)")
        saved: str = self.position(rec).game.to_json(seats=saved_seats(rec.seats))
        return saved

    def lobby(self, limit: int = 50,
              connected: Mapping[str, Iterable[int]] | None = None) -> dict[str, list[dict[str, Any]]]:
        """Listed games: those being played ("open") and those over ("recent"), latest first."""
        connected = connected or {}
        shown = {o.name for spec in games.specs() for o in spec.options if o.lobby}
        return {"open": [self.listed(r, connected) for r in self.store.listings("playing", limit, shown)],
                "recent": [self.listed(r, connected) for r in self.store.listings("over", limit, shown)]}

    @staticmethod
    def listed(rec: Listing, connected: Mapping[str, Iterable[int]]) -> dict[str, Any]:
        """A game as the lobby lists it."""
        sm = rec.summary
        scores = sm.get("scores") or [0] * len(rec.seats)
        online = set(connected.get(rec.id, ()))
        rules = {o.name: rec.settings.get(o.name, o.default) for o in spec_for(rec.game).options if o.lobby}
        return {
            "id": rec.id, "game": rec.game, "status": rec.status, "players": len(rec.seats),
            "final_scoring": rules.get("final_scoring"),  # (before "rules", the one option there was)
            "rules": rules, "rated": rec.rated,
            "seats": [{"seat": i, "name": s["name"], "kind": s["kind"], "player": s.get("player"),
                       "score": scores[i] if i < len(scores) else 0,
                       "connected": s["kind"] == COMPUTER or i in online,
                       "claimed": s.get("account") is not None, "open": bool(s.get("open"))}
                      for i, s in enumerate(rec.seats)],
            "open_seats": [i for i, s in enumerate(rec.seats) if s.get("open")],
            "current_player": sm.get("current_player"), "moves": sm.get("moves", 0), "turn": sm.get("turn"),
            "tiles_left": sm.get("tiles_left"), "winners": sm.get("winners", []),
            "created": iso(rec.created_at), "updated": iso(rec.updated_at),
            "clock": timekeeping.listed(rec.clock),
        }

    def games_of(self, account: int, limit: int = 50,
                 connected: Mapping[str, Iterable[int]] | None = None) -> dict[str, list[dict[str, Any]]]:
        """An account's games (GET /api/me/games), listed or not, latest first: "playing", of those
        "to_move" (one of its seats is to act), and "over"; each as the lobby lists it, plus
        "seat" (its first seat there) and "my_seats" (all of them)."""
        connected = connected or {}

        def item(found: Any) -> dict[str, Any]:
            return {**self.listed(found.listing, connected), "seat": found.seats[0], "my_seats": list(found.seats)}

        playing = self.store.games_of_account(account, "playing", limit)
        to_move = [g for g in playing if g.listing.summary.get("current_player") in g.seats
                   and plays(g.listing.seats[g.listing.summary["current_player"]], account)]
        return {"playing": [item(g) for g in playing], "to_move": [item(g) for g in to_move],
                "over": [item(g) for g in self.store.games_of_account(account, "over", limit)]}

    # --------------------------------------------------------------- acting

    def act(self, game_id: str, token: Any, action: Any, version: Any = None) -> GameRecord:
        """Play `action` for the seat of `token`. Checks, in order: the game exists, a token is
        given and is one of its seats', the game is not over, one of the token's seats must act
        now, `version` (if given) is the current one, the engine accepts the action; then stores
        it if no other write came first. Any failure raises GameError and changes nothing.

        The checks run first on the game as this process last stored or read it, which saves a
        read per move; if they refuse, or the write finds that the game has moved on (another
        process may share the database), they run again on the game as stored, whose answer
        is the one given."""
        with self.lock(game_id):
            with self._cache_lock:
                hit = self._cache.get(game_id)
            if hit is not None:
                try:
                    return self._act(hit[0], token, action, version)
                except GameError:
                    pass
            return self._act(self.record(game_id), token, action, version)

    def _act(self, rec: GameRecord, token: Any, action: Any, version: Any) -> GameRecord:
        if token is None or token == "":
            raise GameError("missing_token", "acting needs your seat's token (from your join link); "
                                             "without one you are watching")
        mine = checked_token(rec.seats, token)
        if not isinstance(action, str):
            raise GameError("bad_request", "the action must be a notation string, e.g. 'T0,-1@0' or 'pass'")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise GameError("bad_request", "version must be a whole number")
        pos = self.position(rec)
        g = pos.game
        if g.is_terminal() or rec.status == "over":  # (a game ended by a resignation: resign.py)
            raise GameError("game_over", "the game is over")
        if claims.waiting(rec):
            raise GameError("waiting_for_players", "this rated game begins when every seat is taken: "
                                                   f"seats {[i for i, s in enumerate(rec.seats) if s.get('open')]} "
                                                   "are open still")
        seat = g.current_player
        if seat not in mine:
            who = rec.seats[seat]["name"]
            yours = ", ".join(str(s) for s in sorted(mine))
            raise GameError("not_your_turn", f"it is seat {seat}'s turn ({who}), not yours (seat {yours})")
        if timekeeping.out_of_time(rec.meta, seat, self.now()):
            raise GameError("out_of_time", timekeeping.ran_out(rec))
        if version is not None and version != rec.version:
            raise GameError("stale", f"the game has moved on (version {rec.version}, you sent {version}): "
                                     "look again before acting")
        if len(action) > ACTION_LIMIT:
            raise GameError("illegal_action", f"malformed action: longer than {ACTION_LIMIT} characters")
        if action.strip() == timekeeping.LEAVE:
            raise GameError("illegal_action", f"{timekeeping.LEAVE!r} is the server's, when a seat's time runs out "
                                              "in a game that skips it; to leave a game, resign")
        try:
            new = pos.advanced(action)
        except ValueError as e:
            raise GameError("illegal_action", str(e)) from None
        return self._persist(rec, new)

    def _persist(self, rec: GameRecord, new: Position) -> GameRecord:
        g = new.game
        actions = [str(a) for a in g.history]
        status = "over" if g.is_terminal() else "playing"
        timed = timekeeping.kept(rec, actions=actions, seats=rec.seats, meta=rec.meta, status=status, game=g,
                                 now=self.now())
        meta, deadline = (None, None) if timed is None else timed  # (None: the store keeps both as they are)
        try:
            saved = self.store.advance(rec, actions=actions, status=status, summary=standing.summary(rec, new),
                                       meta=meta, deadline=deadline)
        except VersionConflict:
            raise GameError("conflict", "another move landed first; nothing was stored (look again and retry)") from None
        self.remember(saved, new)
        self.note(*events.written(rec, saved, events.Moved))
        return saved

    def save(self, rec: GameRecord, position: Position, *, actions: list[str] | None = None,
             status: str | None = None, seats: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None,
             refused: str = "another move landed first; nothing was stored (look again and retry)") -> GameRecord:
        """Store a change the room made to the game of `rec` (its action list cut back, its seats
        or its meta; unchanged where None), `position` the game as it then stands: at the version
        read, under `lock`. If another write came first, GameError "conflict" saying `refused`."""
        changed = dataclasses.replace(rec, seats=rec.seats if seats is None else seats,
                                      meta=rec.meta if meta is None else meta,
                                      status=rec.status if status is None else status)
        actions = rec.actions if actions is None else actions
        timed = timekeeping.kept(rec, actions=actions, seats=changed.seats, meta=changed.meta, status=changed.status,
                                 game=position.game, now=self.now())
        kept_meta = meta
        deadline: float | None | object = ...  # (...: the store leaves the deadline as it is)
        if timed is not None:
            kept_meta, deadline = timed
        try:
            saved = self.store.rewrite(rec, actions=actions, status=changed.status,
                                       summary=standing.summary(changed, position), seats=seats,
                                       meta=kept_meta, deadline=deadline)
        except VersionConflict:
            raise GameError("conflict", refused) from None
        self.remember(saved, position)
        self.note(*events.written(rec, saved, events.Changed))
        return saved

    def delete(self, rec: GameRecord) -> None:
        """Delete the game at the version read (resign.py: its creator's)."""
        try:
            self.store.delete(rec)
        except VersionConflict:
            raise GameError("conflict", "the game changed meanwhile; nothing was deleted (try again)") from None
        self.forget([rec.id])
        self.note(events.Deleted(rec.id))

    def expire(self, before: datetime, keep: Iterable[str] = ()) -> list[str]:
        """Delete the unfinished games nothing changed or touched since `before`, except those
        in `keep` (store.expire): their ids, each noted Deleted (expired)."""
        gone = self.store.expire(before, keep=keep)
        self.forget(gone)
        self.note(*(events.Deleted(gid, expired=True) for gid in gone))
        return gone

    # ------------------------------------------------------------ computers

    def computer_to_move(self, rec: GameRecord | Listing) -> int | None:
        """The computer seat that must act now in a stored game, read from its summary (a game
        as listed will do: its settings, own data and actions are read only without one)."""
        if rec.status != "playing" or claims.waiting(rec):
            return None
        seat = rec.summary.get("current_player")
        if seat is None or "current_player" not in rec.summary:  # no summary: ask the engine
            seat = self.position(rec if isinstance(rec, GameRecord) else self.record(rec.id)).game.current_player
        if seat is None or not 0 <= seat < len(rec.seats):
            return None
        return seat if rec.seats[seat]["kind"] == COMPUTER else None

    def computer_turn(self, game_id: str) -> tuple[GameRecord, Position, str, int] | None:
        """If a computer seat must act in the game: its record and position, the seat's player
        spec and the seed of its choice (a function of the game's seed and moves, so that a
        replayed game chooses alike). None if no computer is to act."""
        if self.closed:
            return None
        rec = self.store.get(game_id)
        if rec is None or self.computer_to_move(rec) is None:
            return None
        if not self.computer_only and all(s["kind"] == COMPUTER for s in rec.seats):
            return None  # stored while allowed; not run unless the server allows such games again
        pos = self.position(rec)
        g = pos.game
        seat = g.current_player
        if g.is_terminal() or rec.seats[seat]["kind"] != COMPUTER:
            return None
        return rec, pos, rec.seats[seat]["player"], player_seed(g.seed, len(g.history), seat)

    def computer_move(self, rec: GameRecord, pos: Position, action: str) -> None:
        """Store the computer's action, chosen in `pos` (outside any lock: a search takes seconds).
        If someone stored a move first meanwhile, nothing is stored: the caller looks again."""
        if self.closed:
            return
        new = pos.advanced(action)
        with self.lock(rec.id):
            if timekeeping.out_of_time(rec.meta, pos.game.current_player, self.now()):
                log.info("game %s: computer move %s came after its time ran out", rec.id, action)
                return
            try:
                self._persist(rec, new)
            except GameError:
                log.info("game %s: computer move %s lost a race; looking again", rec.id, action)

    def computer_step(self, game_id: str) -> bool:
        """Choose and store one computer move here and now (for tools and tests; the server
        searches through live/searches.py). True if a computer seat was to act."""
        turn = self.computer_turn(game_id)
        if turn is None:
            return False
        rec, pos, spec, seed = turn
        self.computer_move(rec, pos, str(make_player(spec, seed=seed).choose(pos.game.clone())))
        return True

    def games_waiting_for_computers(self) -> list[str]:
        """Games being played whose seat to act is a computer (to resume after a restart): read
        as the lobby lists them, so that starting reads no game's own tile set or map."""
        return [r.id for r in self.store.playing() if self.computer_to_move(r) is not None
                and (self.computer_only or any(s["kind"] != COMPUTER for s in r.seats))]

    # --------------------------------------------------------------- clocks

    def due_games(self, limit: int = 100) -> list[str]:
        """Games being played whose clock's deadline has passed (flag.fall acts on each)."""
        return self.store.due(self.now(), limit)

    def next_deadline(self) -> float | None:
        """The earliest deadline of a running clock, epoch seconds (None: none runs)."""
        return self.store.next_deadline()

    def close(self) -> None:
        self.closed = True
