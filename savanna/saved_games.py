"""What every game's saved files share: JSON text holding a format, the game's name,
its settings and the list of actions, with the scores as a check. A game is rebuilt
by replaying its actions, so a saved game can never hold a position the rules could
not reach; each game's `serialization` module adds only its own settings."""

from __future__ import annotations

import json
from typing import Any

from savanna import limits


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
    return acts


def with_defaults(data: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The settings named in `defaults` as `data` holds them, each missing or null one
    taken from `defaults`: what a file written before that setting existed was played with."""
    return {k: data[k] if data.get(k) is not None else v for k, v in defaults.items()}


def replay(game: Any, actions: list[str], data: dict[str, Any]) -> Any:
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
