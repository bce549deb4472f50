"""The player interface: given a game, return one of its legal actions.

Players are named by a spec string: a registered name, optionally with options,
`name[:key=value,...]`, e.g. `random`, `greedy`, `mcts:time=1`,
`mcts:iterations=500`. `make_player(spec, seed)` builds one; a bad spec raises
ValueError saying what is wrong.

Explicit-chance games (savanna/chance.py): a player asked at a chance node
returns an outcome drawn by its probability with the player's own generator
(`chance_choice`), so a loop that asks "the player to act" still runs; at a
decision node, greedy and search decide in a sampled world drawn from what is
left (`savanna.chance.decision_view`), the random player among the legal actions.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from savanna.chance import CHANCE, sample_outcome


class Player(Protocol):
    name: str
    spec: str  # the spec it was made from (make_player)

    def choose(self, game: Any) -> Any:
        """One of `game.legal_actions()` for the seat `game.current_player`."""


def chance_choice(game: Any, rng: Any) -> Any:
    """At a chance node (explicit-chance games only), an outcome drawn by its probability; else None."""
    if game.current_player == CHANCE:
        return sample_outcome(game, rng)
    return None


def legal_actions(game: Any) -> list:
    """The game's legal actions; a finished game is an error for a player asked to move."""
    actions = game.legal_actions()
    if not actions:
        raise ValueError("no legal action: the game is over")
    return actions


PLAYERS: dict[str, Callable[..., Player]] = {}
# Options each player takes: name -> {option: (type, description)}.
OPTIONS: dict[str, dict[str, tuple[Any, ...]]] = {}  # name -> {option: (type, description[, minimum])}


def register(name: str, options: dict[str, tuple[Any, ...]] | None = None) -> Callable[[type], type]:
    def deco(cls: type) -> type:
        PLAYERS[name] = cls
        OPTIONS[name] = options or {}
        return cls
    return deco


# Strength levels for people choosing an opponent.
LEVELS = {"easy": "random", "medium": "greedy", "hard": "mcts:time=1"}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split 'mcts:time=1,iterations=50' into ('mcts', {'time': 1.0, 'iterations': 50});
    a strength level (easy, medium, hard) names its player."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"a player must be named, e.g. {', '.join(sorted(PLAYERS))}")
    spec = LEVELS.get(spec.strip(), spec)
    name, _, rest = spec.strip().partition(":")
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(sorted(PLAYERS))} "
                         f"(or a level: {', '.join(LEVELS)})")
    known = OPTIONS[name]
    opts: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"player {spec!r}: option {part!r} must be key=value")
        if key not in known:
            have = ", ".join(sorted(known)) or "none"
            raise ValueError(f"player {spec!r}: unknown option {key!r} (options of {name}: {have})")
        kind, _, *least = known[key]
        try:
            val = kind(value)
        except ValueError:
            raise ValueError(f"player {spec!r}: {key} must be a {kind.__name__}, not {value!r}") from None
        if least and not val >= least[0]:
            raise ValueError(f"player {spec!r}: {key} must be at least {least[0]}, not {value!r}")
        if not least and kind in (int, float) and not val > 0:
            raise ValueError(f"player {spec!r}: {key} must be a positive number, not {value!r}")
        opts[key] = val
    return name, opts


def spec_text(name: str, opts: dict[str, Any]) -> str:
    """The spec of player `name` with options `opts` (parse_spec's inverse)."""
    return name + (":" + ",".join(f"{k}={v}" for k, v in opts.items()) if opts else "")


def is_cheap(spec: str) -> bool:
    """Whether the spec's player decides at once, without a search (its class says
    `cheap = True`: random, greedy): a server need not queue it behind searches."""
    return bool(getattr(PLAYERS[parse_spec(spec)[0]], "cheap", False))


def make_player(spec: str, seed: int | None = None) -> Player:
    """A player from its spec ('random', 'greedy', 'mcts:time=1', ...); its `spec` is that text
    (what a saved game's seats name it by)."""
    name, opts = parse_spec(spec)
    player = PLAYERS[name](seed=seed, **opts)
    player.spec = spec.strip()
    return player


def describe_players() -> str:
    """One line per player with its options, for help texts."""
    lines = []
    for name in sorted(PLAYERS):
        doc = (PLAYERS[name].__doc__ or "").strip().splitlines()[0] if PLAYERS[name].__doc__ else ""
        opts = ", ".join(f"{k}=<{o[0].__name__}> {o[1]}" for k, o in OPTIONS[name].items())
        lines.append(f"{name}: {doc}" + (f" [{opts}]" if opts else ""))
    return "\n".join(lines)
