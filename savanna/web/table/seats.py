"""Who sits at a game: the seats of a new game (people and computer players, checked), their
secret tokens (only hashes are stored), and which seats a token plays.

A seat's secret token acts for that seat (a hotseat token for every hotseat seat). A computer
seat's player is a spec the server runs within its limits: at most `MAX_THINK` seconds a move
by default (`savanna serve --max-think`), at most `MAX_ITERATIONS` iterations."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from savanna import limits
from savanna.ai import make_player, parse_spec
from savanna.saved_games import default_name

from .errors import GameError

HUMAN, COMPUTER = "human", "computer"
NAME_LIMIT = limits.NAME_CHARS
MAX_THINK = 2.0  # seconds a move, by default: `savanna serve --max-think`
MAX_ITERATIONS = 100_000


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def player_seed(game_seed: int, moves: int, seat: int) -> int:
    """The seed of a computer player's choice: fixed by the game, the move and the seat,
    so a game replays the same way after a restart."""
    digest = hashlib.sha256(f"savanna-web/{game_seed}/{moves}/{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def clean_name(name: Any, default: str) -> str:
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
    if len(spec) > limits.PLAYER_CHARS:
        raise GameError("bad_settings", f"a computer player's spec may have at most {limits.PLAYER_CHARS} characters")
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


def named_player(spec: Any) -> str:
    """A computer player's spec as a finished game names it, unchecked (it never plays again) but
    bounded as every spec is: text of at most PLAYER_CHARS printable characters."""
    if not isinstance(spec, str) or not spec.strip() or not spec.isprintable():
        raise GameError("bad_settings", "a computer seat's player must be a spec, e.g. 'medium' or 'mcts:time=2'")
    if len(spec.strip()) > limits.PLAYER_CHARS:
        raise GameError("bad_settings", f"a computer player's spec may have at most {limits.PLAYER_CHARS} characters")
    return spec.strip()


def make_seats(specs: Any, players: Any, hotseat: bool, seat_counts: tuple[int, int], max_think: float = MAX_THINK,
               computer_only: bool = False, finished: bool = False) -> list[dict[str, Any]]:
    """The seats of a new game, checked; `seat_counts`: the game's (min, max) players, for the
    message (the engine checks them); `computer_only`: whether a game may have no human seat.
    `finished`: the seats of a game that is over (an uploaded save's), which never act: their
    computer players are kept as named (a saved game bounds them), whether this server would
    run them or not, and they may all be computers."""
    counts = f"a whole number from {seat_counts[0]} to {seat_counts[1]}"
    if specs is None:
        n = 2 if players is None else players
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= limits.PLAYERS:
            raise GameError("bad_settings", f"players must be {counts}, not {n!r}")
        specs = [{"kind": HUMAN}] + [{"kind": COMPUTER, "player": "medium"}] * (n - 1)
    if not isinstance(specs, list):
        raise GameError("bad_settings", "seats must be a list, one entry per seat")
    if players is not None and players != len(specs):
        raise GameError("bad_settings", f"players is {players!r} but {len(specs)} seats are given")
    if len(specs) > limits.PLAYERS:  # the engine says how many are allowed; this only bounds the work before asking it
        raise GameError("bad_settings", f"players must be {counts}, not {len(specs)}")
    seats = []
    for i, s in enumerate(specs):
        if not isinstance(s, dict):
            raise GameError("bad_settings", f"seat {i}: expected an object with 'kind' and 'name'")
        kind = s.get("kind", HUMAN)
        if kind == HUMAN:
            if s.get("player") is not None:
                raise GameError("bad_settings", f"seat {i}: a human seat takes no computer player")
            name = clean_name(s.get("name"), default_name(i, HUMAN))
            seats.append({"kind": HUMAN, "player": None, "name": name, "token_hash": None,
                          "hotseat": bool(hotseat or s.get("hotseat"))})
        elif kind == COMPUTER:
            spec = "medium" if s.get("player") is None else s["player"]
            spec = named_player(spec) if finished else check_player(spec, max_think)
            name = clean_name(s.get("name"), default_name(i, COMPUTER, spec))
            seats.append({"kind": COMPUTER, "player": spec, "name": name, "token_hash": None, "hotseat": False})
        else:
            raise GameError("bad_settings", f"seat {i}: kind must be 'human' or 'computer', not {kind!r}")
    if not computer_only and not finished and all(s["kind"] == COMPUTER for s in seats):
        raise GameError("bad_settings", "this server plays games with at least one person in them: give a human "
                                        "seat (its operator may allow games of computers only)")
    return seats


def saved_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A stored game's seats as its saved game's seats section (savanna.saved_games): each
    seat's kind (a resigned person's seat: the computer that plays it on), a computer's player,
    and its name unless it is the default one (which a reader says in its own language)."""
    out = []
    for i, s in enumerate(seats):
        entry: dict[str, Any] = {"kind": s["kind"]}
        if s["kind"] == COMPUTER:
            entry["player"] = s["player"]
        if s["name"] != default_name(i, s["kind"], s.get("player")):
            entry = {"name": s["name"], **entry}
        out.append(entry)
    return out


def deal_tokens(seats: list[dict[str, Any]]) -> tuple[list[str | None], str | None]:
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


def seats_for(seats: list[dict[str, Any]], token: Any) -> frozenset[int]:
    """The seats a token acts for among a game's `seats` (empty: a spectator's, or no token)."""
    if not isinstance(token, str) or not token:
        return frozenset()
    h = hash_token(token)
    return frozenset(i for i, s in enumerate(seats)
                     if s.get("token_hash") and hmac.compare_digest(s["token_hash"], h))


def held_seats(record: Any) -> frozenset[int]:
    """The seats of a game that a token still holds (a resigned seat's token was dropped)."""
    return frozenset(i for i, s in enumerate(record.seats) if s.get("token_hash"))


def checked_token(seats: list[dict[str, Any]], token: Any) -> frozenset[int]:
    """The seats of a token that must play one of them (a request of a seat's, not a spectator's)."""
    if token is None or token == "":
        raise GameError("missing_token", "this needs your seat's token (from your join link)")
    if not isinstance(token, str):
        raise GameError("bad_request", "the token must be text")
    mine = seats_for(seats, token)
    if not mine:
        raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
    return mine


def seat_of(current: int | None, mine: frozenset[int], seat: Any, what: str) -> int:
    """The seat a token's request is for: `seat` if given (one of the token's), else the
    token's one seat, else (a hotseat token) the seat to act now, `current`."""
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("bad_request", "seat must be a whole number")
        if seat not in mine:
            raise GameError("bad_token", f"this token does not play seat {seat}")
        return seat
    if len(mine) == 1:
        return next(iter(mine))
    if current in mine:
        return current
    raise GameError("bad_request", f"this token plays seats {sorted(mine)}: say which one to {what} (\"seat\")")


def viewer_for(current: int | None, seats: frozenset[int]) -> int | None:
    """Whose eyes a connection acting for `seats` sees with: its seat; for a hotseat token
    (several seats at one screen), the seat to act now (`current`) if it is one of them, else none."""
    if len(seats) == 1:
        return next(iter(seats))
    return current if current in seats else None
