"""Who sits at a game: the seats of a new game (people and computer players, checked), their
secret tokens (only hashes are stored), and which seats a credential plays.

A seat's secret token acts for that seat (a hotseat token for every hotseat seat). A seat
CLAIMED by an account (its "account": the account's id; claims.py) has no token: that account
acts for it, from any device, through its session; the token it had is kept only as
"claimed_hash", to tell its holder that the seat is claimed. An OPEN seat ("open": true) has
neither until a logged-in person takes it. A resigned seat acts for no one: its token is
dropped, its "account" kept for the record. A request's `Credential` is a token, an account
(of its session), or both: it plays the seats of either. A computer
seat's player is a spec the server runs within its limits: at most `MAX_THINK` seconds a move
by default (`savanna serve --max-think`), at most `MAX_ITERATIONS` iterations."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from savanna import limits
from savanna.ai import make_player, parse_spec
from savanna.saved_games import default_name

from .errors import GameError

HUMAN, COMPUTER = "human", "computer"
NAME_LIMIT = limits.NAME_CHARS
MAX_THINK = 2.0  # seconds a move, by default: `savanna serve --max-think`
MAX_ITERATIONS = 100_000


@dataclass(frozen=True)
class Credential:
    """Who a request is from: a seat's token (from a join link) and/or the account of its
    session (a logged-in person's claimed seats). Either may be None."""

    token: str | None = None
    account: int | None = None


def credential(given: Any) -> Credential:
    """A Credential from what a caller holds: one already, or a token (text, or None)."""
    if isinstance(given, Credential):
        return given
    if given is not None and not isinstance(given, str):
        raise GameError("bad_request", "the token must be text")
    return Credential(token=given or None)


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
    player: str = spec.strip()
    if len(player) > limits.PLAYER_CHARS:
        raise GameError("bad_settings", f"a computer player's spec may have at most {limits.PLAYER_CHARS} characters")
    try:
        _, opts = parse_spec(player)
        make_player(player, seed=0)  # the player's own checks of its options
    except (TypeError, ValueError) as e:
        raise GameError("bad_settings", str(e)) from None
    if opts.get("time", 0) > max_think:
        raise GameError("bad_settings", f"player {player!r}: at most {max_think:g} seconds a move on this server")
    if opts.get("iterations", 0) > MAX_ITERATIONS:
        raise GameError("bad_settings", f"player {player!r}: at most {MAX_ITERATIONS} iterations a move on this server")
    return player


def named_player(spec: Any) -> str:
    """A computer player's spec as a finished game names it, unchecked (it never plays again) but
    bounded as every spec is: text of at most PLAYER_CHARS printable characters."""
    if not isinstance(spec, str) or not spec.strip() or not spec.isprintable():
        raise GameError("bad_settings", "a computer seat's player must be a spec, e.g. 'medium' or 'mcts:time=2'")
    if len(spec.strip()) > limits.PLAYER_CHARS:
        raise GameError("bad_settings", f"a computer player's spec may have at most {limits.PLAYER_CHARS} characters")
    return spec.strip()


def make_seats(specs: Any, players: Any, hotseat: bool, seat_counts: tuple[int, int], max_think: float = MAX_THINK,
               computer_only: bool = False, finished: bool = False,
               find_account: Callable[[str], tuple[int, str] | None] | None = None) -> list[dict[str, Any]]:
    """The seats of a new game, checked; `seat_counts`: the game's (min, max) players, for the
    message (the engine checks them); `computer_only`: whether a game may have no human seat.
    `finished`: the seats of a game that is over (an uploaded save's), which never act: their
    computer players are kept as named (a saved game bounds them), whether this server would
    run them or not, and they may all be computers. A human seat may be invited by name
    ({"account": "Name"}: claimed by that account, `find_account(name)` -> (id, name) or None)
    or open ({"open": true}: the first logged-in person to take it claims it)."""
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
            seat: dict[str, Any] = {"kind": HUMAN, "player": None, "name": name, "token_hash": None,
                    "hotseat": bool(hotseat or s.get("hotseat")), "account": None}
            if s.get("account") is not None or s.get("open"):
                seat.update(invited(i, s, seat["hotseat"], find_account))
            seats.append(seat)
        elif kind == COMPUTER:
            if s.get("account") is not None or s.get("open"):
                raise GameError("bad_settings", f"seat {i}: a computer seat is neither invited nor open")
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


def invited(i: int, spec: dict[str, Any], hotseat: bool,
            find_account: Callable[[str], tuple[int, str] | None] | None) -> dict[str, Any]:
    """What a human seat invited by name, or open, holds besides (see make_seats)."""
    name, open_ = spec.get("account"), spec.get("open")
    if name is not None and open_:
        raise GameError("bad_settings", f"seat {i}: a seat is either invited by name or open, not both")
    if hotseat:
        raise GameError("bad_settings", f"seat {i}: a hotseat seat is played at one screen: it cannot be "
                                        "invited by name or open")
    if open_:
        if open_ is not True:
            raise GameError("bad_settings", f"seat {i}: open must be true or false")
        return {"open": True}
    if not isinstance(name, str) or not name.strip():
        raise GameError("bad_settings", f"seat {i}: account must be an account's name")
    found = find_account(name) if find_account is not None else None
    if found is None:
        raise GameError("unknown_account", f"seat {i}: no account is named {name[:40]!r}")
    return {"account": found[0], "name": found[1]}


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
        if s["kind"] != HUMAN or s.get("account") is not None or s.get("open"):  # claimed or open: no token
            tokens.append(None)
            continue
        t = shared if s["hotseat"] and shared is not None else new_token()  # (a hot seat: shared is dealt)
        s["token_hash"] = hash_token(t)
        tokens.append(t)
    return tokens, shared


def token_seats(seats: list[dict[str, Any]], token: Any, field: str = "token_hash") -> frozenset[int]:
    """The seats whose `field` is the hash of `token` (the token_hash: the seats it plays)."""
    if not isinstance(token, str) or not token:
        return frozenset()
    h = hash_token(token)
    return frozenset(i for i, s in enumerate(seats) if s.get(field) and hmac.compare_digest(s[field], h))


def plays(seat: dict[str, Any], account: int | None) -> bool:
    """Whether `account` acts for `seat`: it claimed it, and the seat is still a person's."""
    return (account is not None and seat.get("account") == account and seat["kind"] == HUMAN
            and not seat.get("resigned"))


def seats_for(seats: list[dict[str, Any]], given: Any) -> frozenset[int]:
    """The seats a credential (or a token) acts for among a game's `seats` (empty: a spectator's)."""
    if given is None or given == "":
        return frozenset()
    cred = given if isinstance(given, Credential) else Credential(token=given if isinstance(given, str) else None)
    mine = token_seats(seats, cred.token)
    if cred.account is not None:
        mine |= {i for i, s in enumerate(seats) if plays(s, cred.account)}
    return frozenset(mine)


def held_seats(record: Any) -> frozenset[int]:
    """The seats of a game that someone still plays: a token's, or a claiming account's (a
    resigned seat's token was dropped, and its account acts no more)."""
    return frozenset(i for i, s in enumerate(record.seats) if s.get("token_hash") or plays(s, s.get("account")))


def checked_token(seats: list[dict[str, Any]], given: Any) -> frozenset[int]:
    """The seats of a credential (or a token) that must play one of them (a request of a seat's,
    not a spectator's)."""
    cred = credential(given)
    if cred.token is None and cred.account is None:
        raise GameError("missing_token", "this needs your seat's token (from your join link), or to be logged in "
                                         "to the account that claimed your seat")
    mine = seats_for(seats, cred)
    if mine:
        return mine
    if cred.token is not None and token_seats(seats, cred.token, "claimed_hash"):
        raise GameError("claimed", "this seat was claimed by an account: log in to it to play (its join link's "
                                   "token acts for it no more)")
    if cred.token is not None:
        raise GameError("bad_token", "this token is not one of this game's seats (check your join link)")
    raise GameError("no_seat", "your account plays no seat of this game (a seat of yours that resigned acts no "
                               "more)")


def seat_of(current: int | None, mine: frozenset[int], seat: Any, what: str) -> int:
    """The seat a token's request is for: `seat` if given (one of the token's), else the
    token's one seat, else (a hotseat token) the seat to act now, `current`."""
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise GameError("bad_request", "seat must be a whole number")
        if seat not in mine:
            raise GameError("bad_token", f"you do not play seat {seat}")
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
