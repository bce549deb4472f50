"""The games of the web app: created, rebuilt, played and saved through the engine.

`GameService` is the synchronous core, safe to call from several threads:
every rule is the engine's, the store holds each game as its seed, rules and
action list, and a game's state is rebuilt from those (and cached in memory
by game id at its latest version, so a move costs one `apply` on a copy). Who may act is
the one thing decided here: a seat's secret token acts for that seat (a
hotseat token for every hotseat seat), and only when the engine says that
seat is `current_player`.

`LiveGames` (in `live.py`) runs it from the event loop: it pushes every change
to the game's WebSocket connections and lets computer seats move.

Errors are `GameError(code, message)`; `code` is one of `ERRORS` and tells the
HTTP status the API answers with.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from savanna import limits, saved_games
from savanna.ai import make_player, parse_spec
from savanna.ai.base import LEVELS
from savanna.games import game_module

from . import resign
from . import view as views
from .computers import MAX_THINK
from .storage import GameRecord, Store, VersionConflict

log = logging.getLogger("savanna.web")

HUMAN, COMPUTER = "human", "computer"
NAME_LIMIT = 40
ACTION_LIMIT = limits.ACTION_CHARS  # characters: the longest notation is about 25
MAX_ITERATIONS = 100_000

# error code -> HTTP status
ERRORS = {
    "bad_json": 400,        # the body or message is not JSON
    "bad_request": 400,     # JSON of the wrong shape (missing or mistyped fields)
    "bad_step": 400,        # a replay step outside 0..moves
    "missing_token": 401,   # acting needs a seat token
    "bad_token": 403,       # the token is not one of this game's seats
    "hidden": 403,          # the saved game holds the seed: not before the game is over
    "not_asked": 403,       # a takeback request that waits for other seats than the token's (takeback.py)
    "not_found": 404,       # no game with that id (or no such path)
    "method_not_allowed": 405,
    "not_your_turn": 409,   # the token's seats are not the one to act
    "game_over": 409,       # the game has ended
    "stale": 409,           # the action was sent against an older version of the game
    "conflict": 409,        # another action landed first; nothing was stored
    "nothing_to_take_back": 409,  # the seat has played no turn yet (takeback.py)
    "too_large": 413,       # the body or message is over the size limit
    "bad_settings": 422,    # a game cannot be created so (the engine's or player's message)
    "bad_import": 422,      # the uploaded game is refused (the engine's message)
    "illegal_action": 422,  # malformed or illegal action (the engine's message)
    "unknown_type": 400,    # WebSocket message of an unknown type
    "rate_limited": 429,    # too many messages too fast, or games created from one address (ratelimit.py)
    "server_error": 500,
}


class GameError(Exception):
    def __init__(self, code: str, message: str):
        assert code in ERRORS, code
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return ERRORS[self.code]

    def as_dict(self) -> dict[str, str]:
        return {"type": "error", "code": self.code, "message": self.message}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


SEED_BITS = 128


def new_seed() -> int:
    """The seed of a game the server deals: 128 random bits, which nobody can guess or try
    in turn to find the stack's order from the tiles seen."""
    return secrets.randbits(SEED_BITS)


def player_seed(game_seed: int, moves: int, seat: int) -> int:
    """The seed of a computer player's choice: fixed by the game, the move and the seat,
    so a game replays the same way after a restart."""
    digest = hashlib.sha256(f"savanna-web/{game_seed}/{moves}/{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


# ---------------------------------------------------------------- position


@dataclass
class Position:
    """An engine game rebuilt from its actions, with what the view needs besides:
    the turn of each action and the scores after each turn. Never changed once
    made (cached positions are shared): `advanced` returns a new one."""

    game: Any
    turns: list[int] = field(default_factory=list)  # turn number (from 1) of each action
    score_history: list[dict[str, Any]] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)  # what each action scored (apply_explained)

    @property
    def turn(self) -> int:
        """The turn being played now (from 1): the entries but the final one, which only the
        game's end adds, last. (Counted without a walk: a replay asks it at every action.)"""
        h = self.score_history
        return len(h) - (1 if h[-1]["final"] else 0)

    @classmethod
    def start(cls, game: Any) -> Position:
        return cls(game, [], [{"turn": 0, "seat": None, "moves": 0, "scores": game.scores, "final": False}])

    @classmethod
    def rebuild(cls, module: Any, settings: dict[str, Any], actions: Iterable[str], what: str = "game") -> Position:
        """New game from the settings, then every action through the engine."""
        try:
            game = module.new_game(**engine_settings(settings, module.__name__.rsplit(".", 1)[-1]))
        except (TypeError, ValueError) as e:
            raise ValueError(f"{what}: {e}") from None
        pos = cls.start(game)
        for i, a in enumerate(actions):
            try:
                pos._apply(a)
            except ValueError as e:
                raise ValueError(f"{what}: action {i + 1} ({a!r}) cannot be replayed: {e}") from None
        return pos

    def caught_up(self, actions: Sequence[str]) -> Position | None:
        """This position after the actions of `actions` past its own, if its own are the first
        of them (else None: rebuild instead)."""
        done = len(self.game.history)
        if len(actions) < done or [str(a) for a in self.game.history] != list(actions[:done]):
            return None
        pos = self
        try:
            for a in actions[done:]:
                pos = pos.advanced(a)
        except ValueError:
            return None  # cannot happen to a stored game; a rebuild says what is wrong
        return pos

    def advanced(self, action: str) -> Position:
        """This position after `action`; ValueError (the engine's) if it is not legal now."""
        pos = Position(self.game.clone(), self.turns[:], self.score_history[:], self.events[:])  # (entries are never changed)
        pos._apply(action)
        return pos

    def _apply(self, action: str) -> None:
        g = self.game
        turn = self.turn
        active = g.active_player
        scored = g.apply_explained(action)  # raises ValueError, changing nothing
        self.turns.append(turn)
        self.events.append(scored)
        if g.is_terminal() or g.active_player != active:
            scores = g.scores
            final = g.final_points if g.is_terminal() else None
            if final:  # a number per seat, or a breakdown with its total (Africa)
                final = [f["total"] if isinstance(f, dict) else f for f in final]
            before = [s - f for s, f in zip(scores, final)] if final else scores
            self.score_history.append({"turn": turn, "seat": active, "moves": len(g.history), "scores": before,
                                       "final": False})
            if final is not None:
                self.score_history.append({"turn": turn, "seat": None, "moves": len(g.history), "scores": scores,
                                           "final": True})


# what a game's settings may hold, by game: its engine's new_game arguments
ENGINE_KEYS = {
    "safari": ("players", "seed", "final_scoring", "tiles", "tile_order", "token_order"),
    "africa": ("players", "seed", "hidden_treasure", "first_player", "data", "tile_layout", "revealed"),
}
# the rules a player picks when creating a game, by game, with their defaults
GAME_OPTIONS = {"safari": {"final_scoring": "all"}, "africa": {"hidden_treasure": False}}


def has_own_data(settings: dict[str, Any]) -> bool:
    """Whether a stored game carries its own tile set (Safari) or map data (Africa), not a packaged one."""
    return isinstance(settings.get("tiles"), dict) or settings.get("data") is not None


def engine_settings(settings: dict[str, Any], game: str = "safari") -> dict[str, Any]:
    """A stored game's new_game arguments; a setting it lacks is what games stored before
    that setting existed were played with (Safari's tile set: reconstruction-1)."""
    out = {k: settings[k] for k in ENGINE_KEYS[game] if settings.get(k) is not None}
    return {**out, **saved_games.with_defaults(settings, game_module(game).SAVED_DEFAULTS)}


def saved_settings(game: Any, name: str) -> dict[str, Any]:
    """What a game's settings column holds for this engine game (its save, less the moves)."""
    saved = json.loads(game.to_json())
    return {k: saved[k] for k in ENGINE_KEYS[name] if saved.get(k) is not None}


# ---------------------------------------------------------------- creation


@dataclass
class Created:
    """A new game and its secrets: given once, to the creator; only hashes are stored."""

    id: str
    seats: list[dict[str, Any]]  # seat, name, kind, player, hotseat, token (humans) or None
    hotseat_token: str | None
    creator_token: str | None = None  # deletes the game while it is unfinished (resign.py)


def _clean_name(name: Any, default: str) -> str:
    if name is None:
        return default
    if not isinstance(name, str):
        raise GameError("bad_settings", f"a seat's name must be text, not {type(name).__name__}")
    name = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    if len(name) > NAME_LIMIT:
        raise GameError("bad_settings", f"a seat's name may have at most {NAME_LIMIT} characters")
    return name or default


def check_player(spec: Any, max_think: float = MAX_THINK) -> str:
    """A computer player spec the server will run: the players' own check, then the server's
    limits (`max_think`: seconds a move)."""
    if not isinstance(spec, str):
        raise GameError("bad_settings", "a computer seat needs a player, e.g. 'medium' or 'mcts:time=2'")
    spec = spec.strip()
    try:
        _, opts = parse_spec(spec)
        make_player(spec, seed=0)  # the player's own checks of its options
    except (TypeError, ValueError) as e:
        raise GameError("bad_settings", str(e)) from None
    if opts.get("time", 0) > max_think:
        raise GameError("bad_settings", f"player {spec!r}: at most {max_think:g} seconds a move on this server")
    if opts.get("iterations", 0) > MAX_ITERATIONS:
        raise GameError("bad_settings", f"player {spec!r}: at most {MAX_ITERATIONS} iterations a move on this server")
    return spec


def _seats(specs: Any, players: Any, hotseat: bool, max_think: float = MAX_THINK,
           computer_only: bool = False) -> list[dict[str, Any]]:
    """The seats of a new game, checked; `computer_only`: whether a game may have no human seat."""
    if specs is None:
        n = 2 if players is None else players
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= limits.PLAYERS:
            raise GameError("bad_settings", f"players must be a whole number from 2 to 5, not {n!r}")
        specs = [{"kind": HUMAN}] + [{"kind": COMPUTER, "player": "medium"}] * (n - 1)
    if not isinstance(specs, list):
        raise GameError("bad_settings", "seats must be a list, one entry per seat")
    if players is not None and players != len(specs):
        raise GameError("bad_settings", f"players is {players!r} but {len(specs)} seats are given")
    if len(specs) > limits.PLAYERS:  # the engine says how many are allowed; this only bounds the work before asking it
        raise GameError("bad_settings", f"players must be a whole number from 2 to 5, not {len(specs)}")
    seats = []
    for i, s in enumerate(specs):
        if not isinstance(s, dict):
            raise GameError("bad_settings", f"seat {i}: expected an object with 'kind' and 'name'")
        kind = s.get("kind", HUMAN)
        if kind == HUMAN:
            if s.get("player") is not None:
                raise GameError("bad_settings", f"seat {i}: a human seat takes no computer player")
            name = _clean_name(s.get("name"), f"Player {i + 1}")
            seats.append({"kind": HUMAN, "player": None, "name": name, "token_hash": None,
                          "hotseat": bool(hotseat or s.get("hotseat"))})
        elif kind == COMPUTER:
            spec = check_player("medium" if s.get("player") is None else s["player"], max_think)
            level = spec if spec in LEVELS else spec.split(":")[0]
            name = _clean_name(s.get("name"), f"Computer {i + 1} ({level})")
            seats.append({"kind": COMPUTER, "player": spec, "name": name, "token_hash": None, "hotseat": False})
        else:
            raise GameError("bad_settings", f"seat {i}: kind must be 'human' or 'computer', not {kind!r}")
    if not computer_only and all(s["kind"] == COMPUTER for s in seats):
        raise GameError("bad_settings", "this server plays games with at least one person in them: give a human "
                                        "seat (its operator may allow games of computers only)")
    return seats


def _deal_tokens(seats: list[dict[str, Any]]) -> tuple[list[str | None], str | None]:
    """A token per human seat (hashes into `seats`); one shared token for the hotseat seats."""
    shared = new_token() if any(s["hotseat"] for s in seats) else None
    tokens: list[str | None] = []
    for s in seats:
        if s["kind"] != HUMAN:
            tokens.append(None)
            continue
        t = shared if s["hotseat"] else new_token()
        s["token_hash"] = hash_token(t)
        tokens.append(t)
    return tokens, shared


# ----------------------------------------------------------------- service


class GameService:
    """Create, rebuild, play, replay, export and import games (see the module docstring)."""

    def __init__(self, store: Store, cache_size: int = 2048, *, max_think: float = MAX_THINK,
                 computer_only: bool = False):
        """`max_think`: seconds a computer seat may think a move; `computer_only`: whether games
        without a human seat may be created (each is CPU spent for no one)."""
        self.store = store
        self.max_think = max_think
        self.computer_only = computer_only
        self.cache_size = cache_size  # games; a position takes some tens of KB
        self._cache: OrderedDict[str, tuple[GameRecord, Position]] = OrderedDict()
        self.own_data_cache_size = 64
        self._own_data: OrderedDict[str, None] = OrderedDict()  # cached games with their own tile set or map
        self._cache_lock = threading.Lock()
        self._locks = [threading.Lock() for _ in range(64)]
        self.closed = False

    def _lock(self, game_id: str) -> threading.Lock:
        return self._locks[hash(game_id) % len(self._locks)]

    # ------------------------------------------------------------- creating

    def create(self, seats: Any = None, players: Any = None, final_scoring: Any = None, seed: Any = None,
               hotseat: bool = False, listed: bool = True, game: str = "safari",
               hidden_treasure: Any = None, on_resign: Any = None, resign_player: Any = None) -> Created:
        """A new game; each seat {"kind": "human"|"computer", "name": ..., "player": spec, "hotseat": bool}.
        Without seats: seat 0 human, the others the medium computer player. The rules options
        are the game's: Safari's `final_scoring`, Africa's `hidden_treasure`. `on_resign` and
        `resign_player`: what a resignation does (resign.py)."""
        module = self._module(game)
        meta = resign.settings(on_resign, resign_player, self.max_think)
        given = {"final_scoring": final_scoring, "hidden_treasure": hidden_treasure}
        wrong = [k for k, v in given.items() if v is not None and k not in GAME_OPTIONS[game]]
        if wrong:
            raise GameError("bad_settings", f"{game} has no option {wrong[0]} (its options: "
                                            f"{', '.join(GAME_OPTIONS[game])})")
        seat_list = _seats(seats, players, hotseat, self.max_think, self.computer_only)
        deal = "random" if seed is None else "chosen"
        if seed is None:
            seed = new_seed()
        settings = {"players": len(seat_list), "seed": seed}
        for k, default in GAME_OPTIONS[game].items():
            settings[k] = default if given[k] is None else given[k]
        try:
            position = Position.start(module.new_game(**settings))  # the engine says what is allowed
        except (TypeError, ValueError) as e:
            raise GameError("bad_settings", str(e)) from None
        # stored as the engine saves them: with the tile set's version, which a later default may not be
        return self._store_new(game, {**saved_settings(position.game, game), "deal": deal}, seat_list, position,
                               listed, meta)

    def import_game(self, data: Any, seats: Any = None, hotseat: bool | None = None, listed: bool = True,
                    on_resign: Any = None, resign_player: Any = None) -> Created:
        """A saved game (the JSON of `savanna play --save`, as text or parsed) as a new game here.
        Without seats: every seat human, played from one hotseat token."""
        meta = resign.settings(on_resign, resign_player, self.max_think)
        name = "safari"
        if isinstance(data, (str, bytes, bytearray)):
            try:
                peek = json.loads(data)
            except (ValueError, RecursionError):
                peek = None  # the engine says what is wrong with it
            if isinstance(peek, dict) and isinstance(peek.get("game"), str):
                name = peek["game"]
        elif isinstance(data, dict) and isinstance(data.get("game"), str):
            name = data["game"]
        module = self._module(name, code="bad_import")
        try:  # the engine's checks and messages
            game = module.from_json(data) if isinstance(data, (str, bytes, bytearray)) else module.from_dict(data)
        except ValueError as e:
            raise GameError("bad_import", str(e)) from None
        if getattr(game, "chance", "sampled") != "sampled":
            raise GameError("bad_import", "saved game: it plays chance explicitly (its draws are chance nodes, "
                                          "for research); the web app plays sampled games")
        # the uploader holds the save, and so its seed (and any order given): the deal is theirs
        settings = {**saved_settings(game, name), "deal": "chosen"}
        if seats is None:
            seats = [{"kind": HUMAN} for _ in range(game.players)]
            hotseat = True if hotseat is None else hotseat
        if not isinstance(seats, list) or len(seats) != game.players:
            raise GameError("bad_settings", f"the saved game has {game.players} seats: give one entry for each")
        seat_list = _seats(seats, None, bool(hotseat), self.max_think, self.computer_only)
        position = Position.rebuild(module, settings, [str(a) for a in game.history], "saved game")
        return self._store_new(name, settings, seat_list, position, listed, meta)

    def _store_new(self, game: str, settings: dict, seats: list[dict], position: Position, listed: bool,
                   meta: dict[str, Any]) -> Created:
        tokens, shared = _deal_tokens(seats)
        creator = new_token()
        over = position.game.is_terminal()
        record = self.store.create(settings=settings, seats=seats, actions=[str(a) for a in position.game.history],
                                   status="over" if over else "playing", summary=views.summary(position),
                                   listed=bool(listed), game=game, meta={**meta, "creator_hash": hash_token(creator)})
        self._remember(record, position)
        out = [{"seat": i, "name": s["name"], "kind": s["kind"], "player": s["player"], "hotseat": s["hotseat"],
                "token": t} for i, (s, t) in enumerate(zip(seats, tokens))]
        log.info("game %s created: %s", record.id, ", ".join(f"{s['kind']}" for s in seats))
        return Created(record.id, out, shared, creator)

    @staticmethod
    def _module(name: str, code: str = "bad_settings") -> Any:
        try:
            return game_module(name)
        except ValueError as e:
            raise GameError(code, str(e)) from None

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
            pos = pos.caught_up(record.actions) if version < record.version else None
            if pos is not None:
                self._remember(record, pos)
                return pos
        pos = Position.rebuild(self._module(record.game), record.settings, record.actions, f"stored game {record.id}")
        self._remember(record, pos)
        return pos

    def _remember(self, record: GameRecord, pos: Position) -> None:
        """Cache `pos` as the game's position unless a later version is cached already. A game
        on its own tile set or map data holds that data (up to a megabyte or so, and not shared
        with other games): at most `own_data_cache_size` of those are kept."""
        with self._cache_lock:
            hit = self._cache.get(record.id)
            if hit is None or hit[0].version <= record.version:
                self._cache[record.id] = (record, pos)
            self._cache.move_to_end(record.id)
            if has_own_data(record.settings):
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

    def view(self, game_id: str | GameRecord, connected: Iterable[int] = (), spectators: int = 0,
             viewer: int | None = None, held: Any = None) -> dict[str, Any]:
        """The game's view as seat `viewer` may see it (None: as a spectator). Only a game that
        hides something from some seats (Africa's hidden treasure) looks different by viewer.
        `held`: see views.build (for a feed that holds the view before)."""
        rec = game_id if isinstance(game_id, GameRecord) else self.record(game_id)
        return views.build(rec, self.position(rec), connected=connected, spectators=spectators, viewer=viewer,
                           held=held)

    def layout_key(self, record: GameRecord) -> Any:
        """views.layout_key of the game as of `record`."""
        return views.layout_key(record, self.position(record))

    @staticmethod
    def hides(record: GameRecord) -> bool:
        """Whether the game's views differ by seat: Africa with hidden gold and gems."""
        return record.game == "africa" and bool(record.settings.get("hidden_treasure"))

    def viewer_for(self, record: GameRecord, seats: frozenset[int]) -> int | None:
        """Whose eyes a connection acting for `seats` sees with: its seat; for a hotseat token
        (several seats at one screen), the seat to act now if it is one of them, else none."""
        if len(seats) == 1:
            return next(iter(seats))
        current = record.summary.get("current_player")
        return current if current in seats else None

    def replay(self, game_id: str, step: Any) -> dict[str, Any]:
        """The view after the first `step` actions of the game (0: the start)."""
        rec = self.record(game_id)
        n = len(rec.actions)
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= n:
            raise GameError("bad_step", f"step must be a whole number from 0 to {n}, not {step!r}")
        if step == n:
            pos = self.position(rec)
        else:
            pos = Position.rebuild(self._module(rec.game), rec.settings, rec.actions[:step], f"stored game {rec.id}")
        full = self.position(rec)

        def entry(i: int) -> dict[str, Any] | None:
            if not 0 <= i < n:
                return None
            return {"move": i + 1, "turn": full.turns[i], "seat": full.game.actors[i], "action": rec.actions[i],
                    **({"scored": full.events[i]} if full.events[i] else {})}

        meta = {"step": step, "steps": n, "game_status": rec.status, "last_action": entry(step - 1),
                "next_action": entry(step)}
        return views.build(rec, pos, replay=meta)

    def seats_for(self, record: GameRecord, token: Any) -> frozenset[int]:
        """The seats a token acts for (empty: a spectator's, or no token)."""
        if not isinstance(token, str) or not token:
            return frozenset()
        h = hash_token(token)
        return frozenset(i for i, s in enumerate(record.seats)
                         if s.get("token_hash") and hmac.compare_digest(s["token_hash"], h))

    def export(self, game_id: str, token: Any = None) -> str:
        """The saved game, exactly the engine's `to_json()` (what `savanna replay` reads).
        It holds the seed, which fixes the stack order: while the game is played only a token
        that plays every human seat (no other person to cheat) may have it."""
        rec = self.record(game_id)
        if rec.status != "over":
            humans = {i for i, s in enumerate(rec.seats) if s["kind"] == HUMAN}
            mine = self.seats_for(rec, token)
            if not token or not mine or not humans <= mine:
                raise GameError("hidden", "a game can be downloaded once it is over: the saved game holds the seed, "
                                          "which would show the order of the stack (a token that plays every human "
                                          "seat may download it earlier)")
        return self.position(rec).game.to_json()

    def lobby(self, limit: int = 50, connected: dict[str, Iterable[int]] | None = None) -> dict[str, list]:
        """Listed games: those being played ("open") and those over ("recent"), latest first."""
        connected = connected or {}

        def item(rec: GameRecord) -> dict[str, Any]:
            sm = rec.summary
            scores = sm.get("scores") or [0] * len(rec.seats)
            online = set(connected.get(rec.id, ()))
            return {
                "id": rec.id, "game": rec.game, "status": rec.status, "players": len(rec.seats),
                "final_scoring": rec.settings.get("final_scoring", "all") if rec.game == "safari" else None,
                "rules": {k: rec.settings.get(k, d) for k, d in GAME_OPTIONS.get(rec.game, {}).items()},
                "seats": [{"seat": i, "name": s["name"], "kind": s["kind"], "player": s.get("player"),
                           "score": scores[i] if i < len(scores) else 0,
                           "connected": s["kind"] == COMPUTER or i in online}
                          for i, s in enumerate(rec.seats)],
                "current_player": sm.get("current_player"), "moves": len(rec.actions), "turn": sm.get("turn"),
                "tiles_left": sm.get("tiles_left"), "winners": sm.get("winners", []),
                "created": views.iso(rec.created_at), "updated": views.iso(rec.updated_at),
            }

        return {"open": [item(r) for r in self.store.list_games("playing", limit)],
                "recent": [item(r) for r in self.store.list_games("over", limit)]}

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
        with self._lock(game_id):
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
        if not isinstance(token, str):
            raise GameError("bad_request", "the token must be text")
        mine = self.seats_for(rec, token)
        if not mine:
            raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
        if not isinstance(action, str):
            raise GameError("bad_request", "the action must be a notation string, e.g. 'T0,-1@0' or 'pass'")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise GameError("bad_request", "version must be a whole number")
        pos = self.position(rec)
        g = pos.game
        if g.is_terminal() or rec.status == "over":  # (a game ended by a resignation: resign.py)
            raise GameError("game_over", "the game is over")
        seat = g.current_player
        if seat not in mine:
            who = rec.seats[seat]["name"]
            yours = ", ".join(str(s) for s in sorted(mine))
            raise GameError("not_your_turn", f"it is seat {seat}'s turn ({who}), not yours (seat {yours})")
        if version is not None and version != rec.version:
            raise GameError("stale", f"the game has moved on (version {rec.version}, you sent {version}): "
                                     "look again before acting")
        if len(action) > ACTION_LIMIT:
            raise GameError("illegal_action", f"malformed action: longer than {ACTION_LIMIT} characters")
        try:
            new = pos.advanced(action)
        except ValueError as e:
            raise GameError("illegal_action", str(e)) from None
        return self._persist(rec, new)

    def _persist(self, rec: GameRecord, new: Position) -> GameRecord:
        g = new.game
        try:
            saved = self.store.advance(rec, actions=[str(a) for a in g.history],
                                       status="over" if g.is_terminal() else "playing", summary=resign.summary(rec, new))
        except VersionConflict:
            raise GameError("conflict", "another move landed first; nothing was stored (look again and retry)") from None
        self._remember(saved, new)
        return saved

    def computer_to_move(self, rec: GameRecord) -> int | None:
        """The computer seat that must act now in a stored game, read from its summary."""
        if rec.status != "playing":
            return None
        seat = rec.summary.get("current_player")
        if seat is None or "current_player" not in rec.summary:  # no summary: ask the engine
            seat = self.position(rec).game.current_player
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
        with self._lock(rec.id):
            try:
                self._persist(rec, new)
            except GameError:
                log.info("game %s: computer move %s lost a race; looking again", rec.id, action)

    def computer_step(self, game_id: str) -> bool:
        """Choose and store one computer move here and now (for tools and tests; the server
        searches through `computers.Searches`). True if a computer seat was to act."""
        turn = self.computer_turn(game_id)
        if turn is None:
            return False
        rec, pos, spec, seed = turn
        self.computer_move(rec, pos, str(make_player(spec, seed=seed).choose(pos.game.clone())))
        return True

    def games_waiting_for_computers(self) -> list[str]:
        """Games being played whose seat to act is a computer (to resume after a restart)."""
        return [r.id for r in self.store.playing() if self.computer_to_move(r) is not None
                and (self.computer_only or any(s["kind"] != COMPUTER for s in r.seats))]

    def close(self) -> None:
        self.closed = True
