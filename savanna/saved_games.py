"""What every game's saved files share: JSON text holding a format, the game's name,
its settings and the list of actions, with the scores as a check. A game is rebuilt
by replaying its actions, so a saved game can never hold a position the rules could
not reach; each game's `serialization` module adds only its own settings.

A save may also say who sat at the game: its optional `seats` section, one entry per
seat, in seat order (`check_seats`):

    "seats": [{"name": "Ann", "kind": "human"},
              {"kind": "computer", "player": "mcts:time=1"}]

`kind` is "human" or "computer"; a computer seat names its player by its spec (what
`savanna play --opponent` and the web app's lobby take), a human seat has none. `name`
is left out for a seat that has no name of its own: a reader shows its default name
(`default_name`, "Player 2", "Computer 2 (mcts)"; the web app in the page's language).
The engines do not keep the seats (a game is the same game whoever plays it): they
check the section when they read a save, and write it when they are given one
(`Game.to_json(seats=...)`); `seats_of` reads it back. A save without it (every save
written before it existed) reads as before: nobody is named.

A save may also say which hints the coach gave (`savanna.coach.hint`), its optional `hints`
section, in the order they were asked, as the web app records them (`check_hints`):

    "hints": [{"seat": 0, "moves": 12}, {"seat": 0, "moves": 40}]

`moves` is how many actions had been played when the hint was asked. Like the seats, the
engines check it when they read a save and write it when given one; `hints_of` reads it back.
"""

from __future__ import annotations

import json
from typing import Any, Protocol, TypeVar

from savanna import limits

class Replayable(Protocol):
    """What `replay` asks of a game (every engine's game offers it: savanna.games.State)."""

    @property
    def scores(self) -> list[int]: ...
    def apply(self, action: str) -> None: ...
    def is_terminal(self) -> bool: ...


G = TypeVar("G", bound=Replayable)  # a game of any kind (replay gives back the game it was given)


def parse(text: Any) -> Any:
    """The JSON of a saved game; anything else raises ValueError saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"a saved game must be JSON text, not {type(text).__name__}")
    try:
        return limits.read_json(text)
    except ValueError as e:  # (a UnicodeDecodeError or a number too long to read is one too)
        raise ValueError(f"saved game is not valid JSON: {e}") from None
    except RecursionError:
        raise ValueError("saved game is not valid JSON: nested too deeply") from None


def check(data: Any, fmt: str, game: str, keys: set[str], max_actions: int) -> list[str]:
    """Check a saved game's envelope (format, game, fields, players, seed) and the sizes in it,
    before any work: plain JSON (limits.check_plain), no more than `max_actions` actions (the
    game's bound for any set-up)."""
    if not isinstance(data, dict):
        raise ValueError("saved game: expected a JSON object")
    limits.check_plain(data, "saved game")
    if data.get("format") != fmt:
        raise ValueError(f"saved game: format must be {fmt!r}, not {limits.short(data.get('format'))}")
    if data.get("game", game) != game:
        raise ValueError(f"saved game: this is a game of {limits.short(data.get('game'))}, not {game}")
    if "actions" not in data:
        raise ValueError("saved game: 'actions' is missing")
    unknown = set(data) - keys
    if unknown:
        raise ValueError(f"saved game: unknown fields {sorted(unknown)}")
    for key in ("players", "seed"):
        if not isinstance(data.get(key), int) or isinstance(data.get(key), bool):
            raise ValueError(f"saved game: {key!r} must be a whole number")
    limits.at_most("saved game: players", data["players"], limits.PLAYERS)
    limits.check_seed(data["seed"], "saved game: seed")
    acts = data["actions"]
    limits.at_most("saved game: 'actions'", acts, max_actions, "actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise ValueError("saved game: 'actions' must be a list of action strings")
    for i, a in enumerate(acts):
        limits.at_most(f"saved game: action {i + 1}", a, limits.ACTION_CHARS, "characters")
    limits.at_most("saved game: scores", data.get("scores"), limits.PLAYERS, "numbers")
    check_seats(data.get("seats"), data["players"])
    check_hints(data.get("hints"), data["players"], len(acts))
    return acts


SEAT_KINDS = ("human", "computer")
_SEAT_KEYS = ("name", "kind", "player")


def default_name(seat: int, kind: str, player: str | None = None) -> str:
    """The name a seat without one goes by (in English: the web app's pages say it in their
    language): "Player 2", or a computer's "Computer 2 (mcts)" (its player's name)."""
    if kind == "computer" and player:
        return f"Computer {seat + 1} ({player.split(':')[0].strip()})"
    return f"Player {seat + 1}"


def _seat_text(where: str, value: Any, bound: int) -> str:
    if not isinstance(value, str):
        raise ValueError(f"saved game: {where} must be text, not {type(value).__name__}")
    limits.at_most(f"saved game: {where}", value, bound, "characters")
    if not value.isprintable():
        raise ValueError(f"saved game: {where} holds a control character")
    return value


def check_seats(seats: Any, players: int) -> list[dict[str, str]] | None:
    """A save's `seats` section (see the module docstring) checked, in its plain form: each
    entry {"name"?, "kind", "player"?}, a blank name left out; None for a save without one
    (no field, or null). ValueError naming the field of anything else: not one object per
    seat, an unknown field, a kind not "human" or "computer", a computer seat without a
    player or a human one with one, a name of more than NAME_CHARS characters or a spec of
    more than PLAYER_CHARS, or either holding a control character (a terminal prints them)."""
    if seats is None:
        return None
    if not isinstance(seats, list):
        raise ValueError(f"saved game: 'seats' must be a list, one entry per seat, not {type(seats).__name__}")
    if len(seats) != players:
        raise ValueError(f"saved game: 'seats' has {len(seats)} entries, but the game has {players} players")
    out = []
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise ValueError(f"saved game: {where} must be an object with 'kind' (and 'name', 'player'), "
                             f"not {type(seat).__name__}")
        unknown = [k for k in seat if k not in _SEAT_KEYS]
        if unknown:
            raise ValueError(f"saved game: {where} has an unknown field {limits.short(unknown[0])} "
                             f"(a seat has {', '.join(_SEAT_KEYS)})")
        kind = seat.get("kind")
        if kind not in SEAT_KINDS:
            raise ValueError(f"saved game: {where}.kind must be 'human' or 'computer', not {limits.short(kind)}")
        entry: dict[str, str] = {}
        if seat.get("name") is not None:
            name = _seat_text(f"{where}.name", seat["name"], limits.NAME_CHARS)
            if name.strip():
                entry["name"] = name
        entry["kind"] = kind
        player = seat.get("player")
        if kind == "computer":
            if player is None:
                raise ValueError(f"saved game: {where}.player is missing: a computer seat names its player "
                                 "(e.g. 'greedy' or 'mcts:time=1')")
            player = _seat_text(f"{where}.player", player, limits.PLAYER_CHARS)
            if not player.strip():
                raise ValueError(f"saved game: {where}.player is empty: a computer seat names its player")
            entry["player"] = player
        elif player is not None:
            raise ValueError(f"saved game: {where}.player must be left out: a human seat has no computer player")
        out.append(entry)
    return out


def check_hints(hints: Any, players: int, moves: int) -> list[dict[str, int]] | None:
    """A save's `hints` section (see the module docstring) checked: a list of {"seat", "moves"},
    a seat of the game, `moves` from 0 to the `moves` the game has, in order; None for a save
    without one. ValueError naming the field of anything else."""
    if hints is None:
        return None
    if not isinstance(hints, list):
        raise ValueError(f"saved game: 'hints' must be a list of {{'seat', 'moves'}}, not {type(hints).__name__}")
    limits.at_most("saved game: 'hints'", hints, max(moves, 1) * 4, "hints")
    out: list[dict[str, int]] = []
    for i, h in enumerate(hints):
        where = f"hints[{i}]"
        if not isinstance(h, dict) or set(h) != {"seat", "moves"}:
            raise ValueError(f"saved game: {where} must be an object with 'seat' and 'moves', not "
                             f"{limits.short(h)}")
        for key, top in (("seat", players - 1), ("moves", moves)):
            v = h[key]
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= top:
                raise ValueError(f"saved game: {where}.{key} must be a whole number from 0 to {top}, "
                                 f"not {limits.short(v)}")
        if out and h["moves"] < out[-1]["moves"]:
            raise ValueError(f"saved game: {where}.moves is {h['moves']}, before the hint above it: hints are "
                             "in the order they were asked")
        out.append({"seat": h["seat"], "moves": h["moves"]})
    return out


def hints_of(data: Any) -> list[dict[str, int]] | None:
    """The hints a parsed save records (checked, as `check_hints` gives them), or None."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), int) or \
            not isinstance(data.get("actions"), list):
        return None
    return check_hints(data.get("hints"), data["players"], len(data["actions"]))


def seats_of(data: Any) -> list[dict[str, str]] | None:
    """The seats a parsed save names (checked, as `check_seats` gives them), or None if it
    names none. ValueError as `check_seats` for a malformed section."""
    if not isinstance(data, dict) or not isinstance(data.get("players"), int):
        return None
    return check_seats(data.get("seats"), data["players"])


def with_defaults(data: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The settings named in `defaults` as `data` holds them, each missing or null one
    taken from `defaults`: what a file written before that setting existed was played with."""
    return {k: data[k] if data.get(k) is not None else v for k, v in defaults.items()}


def replay(game: G, actions: list[str], data: dict[str, Any]) -> G:
    """Play the saved actions on the new `game`, then check the file's scores and end."""
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except ValueError as e:
            raise ValueError(f"saved game: action {i + 1} ({a!r}) cannot be replayed: {e}") from None
    scores = data.get("scores")
    if scores is not None and scores != game.scores:
        raise ValueError(f"saved game: the actions give scores {game.scores}, but the file says "
                         f"{limits.short(scores, 80)}")
    over = data.get("over")
    if over is not None and over != game.is_terminal():
        raise ValueError("saved game: the file says the game is " + ("over" if over else "not over") +
                         ", but its actions say otherwise")
    return game
