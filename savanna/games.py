"""The games of the platform: one description each, found by one lookup.

Each engine package declares its game once, in its `spec.py`: a `GameSpec` with its name,
title, seat counts, the options a player picks (choices, default, help text), the settings a
stored game keeps, and where its per-game modules are (evaluation, terminal, research, web
view, UI script). Everything above the engines (the command line, the arena, the terminal,
the computer players' evaluation, research, the web app) knows a game only through it:

    from savanna import games
    spec = games.spec("safari")
    spec.title, spec.min_players, [o.name for o in spec.options]
    g = spec.new_game(players=3, seed=1, final_scoring="majority")   # a games.State

A third game adds its engine package with a `spec.py`, its per-game modules, and one line in
`GAMES`. The registry names the spec modules as text: importing this module imports no game,
and the engines, which import the types below, stay beneath everything that lists them.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

# name -> the module declaring the game's `SPEC`
GAMES = {"safari": "savanna.safari.spec", "africa": "savanna.africa.spec"}
DEFAULT_GAME = "safari"  # what the command line and the lobby offer first
UNNAMED = "safari"  # the game of the saves and stored games made before there was another (they name none)

BOOL, CHOICE, TEXT = "bool", "choice", "text"


def N_(text: str) -> str:
    """Marks a description's text for the pages' message catalogues (babel.cfg extracts it);
    the text stays English here, and each page translates it."""
    return text


@dataclass(frozen=True)
class Choice:
    """One value of a choice option, with what it means (shown beside it)."""

    value: Any
    help: str


@dataclass(frozen=True)
class Option:
    """A rule or setting a player picks when starting a game: a keyword of the engine's
    `new_game`. `kind`: BOOL (true or false), CHOICE (one of `choices`), TEXT (any text the
    engine accepts, e.g. a tile set's version). `label`: its short name in a summary line.
    `lobby`: offered when creating a game in the web app (else the command line only)."""

    name: str
    kind: str
    default: Any
    help: str
    label: str
    choices: tuple[Choice, ...] = ()
    note: str = ""
    lobby: bool = True

    @property
    def flag(self) -> str:
        """Its command-line flag: --final-scoring."""
        return "--" + self.name.replace("_", "-")

    def values(self) -> tuple[Any, ...]:
        return tuple(c.value for c in self.choices)

    def check(self, value: Any, game: str) -> Any:
        """`value` if this option may take it (None: the default), else ValueError naming both."""
        if value is None:
            return self.default
        if self.kind == BOOL:
            if not isinstance(value, bool):
                raise ValueError(f"{game}'s option {self.name} must be true or false, not {value!r}")
        elif self.kind == CHOICE:
            if value not in self.values() or isinstance(value, bool):
                shown = " or ".join(repr(v) for v in self.values())
                raise ValueError(f"{game}'s option {self.name} must be {shown}, not {value!r}")
        elif not isinstance(value, str):
            raise ValueError(f"{game}'s option {self.name} must be text, not {value!r}")
        return value

    def describe(self, value: Any, bare: bool = False) -> str:
        """The option as a summary line shows it: "final scoring 'all'", "hidden treasure";
        `bare`: a choice's value unquoted, as a name ("tiles real-1")."""
        if self.kind == BOOL:
            return self.label if value else f"no {self.label}"
        return f"{self.label} {value!r}" if self.kind == CHOICE and not bare else f"{self.label} {value}"

    def catalogue(self) -> dict[str, Any]:
        """As the web app's catalogue of games gives it (English: the pages translate it)."""
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default,
                               "label": self.label, "description": self.help}
        if self.choices:
            out["choices"] = [{"value": c.value, "description": c.help} for c in self.choices]
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True)
class GameSpec:
    """What the platform knows of a game (see the module docstring).

    `stored`: the engine's `new_game` arguments a stored game keeps besides players and seed
    (the options, and what a saved game may fix: orders, layouts, its own data); `own_data`:
    the stored settings that hold a game's own data (a tile set or map of its own, kept whole)
    when they are not a packaged version's name; `deal_settings`: the stored settings that, when
    set, fix part of what chance deals (an order of the draws, a layout): the creator chose
    it. `routes`: a module of the web app's edge with the game's own routes (its `router(parts)`),
    if it has any. `scripts` and `styles`: the game page's own files
    in the web app's static folder, in load order. The module paths are text, so that this
    description, which lives in the engine package, imports nothing above it."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    stored: tuple[str, ...]
    engine: str
    evaluation: str
    terminal: str
    research: str
    view: str
    scripts: tuple[str, ...]
    vector: str = ""  # N games stepped at once (research)
    advice: str = ""  # the coach's facts about a move (savanna/coach/reasons.py)
    own_data: tuple[str, ...] = ()
    deal_settings: tuple[str, ...] = ()
    routes: str = ""
    styles: tuple[str, ...] = ()
    default_players: int = 2
    blurb: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    # ---------------------------------------------------------------- modules

    @property
    def module(self) -> ModuleType:
        """The engine: new_game, from_json, from_dict, SAVED_DEFAULTS."""
        return importlib.import_module(self.engine)

    def part(self, which: str) -> ModuleType:
        """One of the game's per-game modules: "evaluation", "terminal", "research", "vector", "view",
        "advice"."""
        return importlib.import_module(getattr(self, which))

    # ---------------------------------------------------------------- options

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def settings(self, given: Mapping[str, Any] | None = None, *, strict: bool = True) -> dict[str, Any]:
        """The options for a new game: each given one checked, the others at their defaults.
        `strict`: an option this game has not is refused (ValueError naming it and the game's
        own); else it is left out (a caller offering every game's options at once)."""
        given = dict(given or {})
        unknown = [k for k in given if self.option(k) is None]
        if unknown and strict:
            own = ", ".join(o.name for o in self.options) or "none"
            raise ValueError(f"{self.name} has no option {unknown[0]} (its options: {own})")
        return {o.name: o.check(given.get(o.name), self.name) for o in self.options}

    def new_game(self, players: int | None = None, seed: int | None = None, **options: Any) -> Any:
        """A new game of this kind: options as `settings` checks them (the engine's own checks follow)."""
        return self.module.new_game(players=self.default_players if players is None else players, seed=seed,
                                    **self.settings(options))

    def describe(self, settings: Mapping[str, Any]) -> str:
        """The options of `settings` in a line: "final scoring 'all' · tiles real-1" (a setting
        holding the game's own data shows the data's name, bare)."""
        return " · ".join(o.describe(settings.get(o.name, o.default), bare=o.name in self.own_data)
                          for o in self.options)

    # --------------------------------------------------------------- storing

    def stored_settings(self, game: Any) -> dict[str, Any]:
        """What a stored game keeps of `game`: players, seed and `stored`, as its save has them
        (a tile set by its version, say, which a later default may not be)."""
        saved = json.loads(game.to_json())
        return {k: saved[k] for k in ("players", "seed", *self.stored) if saved.get(k) is not None}

    def engine_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """A stored game's `new_game` arguments; a setting it lacks is what games stored before
        that setting existed were played with (the engine's SAVED_DEFAULTS)."""
        out = {k: settings[k] for k in ("players", "seed", *self.stored) if settings.get(k) is not None}
        defaults = self.module.SAVED_DEFAULTS
        return {**out, **{k: settings[k] if settings.get(k) is not None else v for k, v in defaults.items()}}

    def recorded(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The options a record of games (a results file, say) was played under: each as
        `settings` has it, else what games from before the option existed were played with
        (the engine's SAVED_DEFAULTS), else its default."""
        saved = self.module.SAVED_DEFAULTS
        return {o.name: settings[o.name] if settings.get(o.name) is not None else saved.get(o.name, o.default)
                for o in self.options}

    def has_own_data(self, settings: Mapping[str, Any]) -> bool:
        """Whether stored settings carry the game's own data (a whole tile set or map, not a version)."""
        return any(isinstance(settings.get(k), dict) for k in self.own_data)

    def fit_own_data(self, own: dict[str, Any]) -> dict[str, Any]:
        """A stored game's own data ({setting: data}) stored before a bound it breaks, fitted to it
        (the engine's `fit_stored`, if it has one: what no rule reads, a note, cut), so that the
        game goes on loading; data within every bound comes back as it is."""
        fit = getattr(self.module, "fit_stored", None)
        return own if fit is None else fit(own)

    def rebuild(self, settings: Mapping[str, Any]) -> Any:
        """A new engine game from stored settings (`engine_settings`)."""
        return self.module.new_game(**self.engine_settings(settings))

    def catalogue(self) -> dict[str, Any]:
        """The game as the web app's catalogue lists it."""
        return {"game": self.name, "name": self.title, "blurb": self.blurb,
                "seats": {"min": self.min_players, "max": self.max_players, "default": self.default_players},
                "options": [o.catalogue() for o in self.options if o.lobby],
                "scripts": list(self.scripts), "styles": list(self.styles)}


@runtime_checkable
class State(Protocol):
    """What every engine's game offers (OpenSpiel's state, in this project's words), and all the
    platform above the engines uses: the players, the arena, the terminal, research and the web
    app. Actions are notation strings (each engine's `Action` is a str); chance is either sampled
    by the seed or explicit (`chance="explicit"`: `current_player` is savanna.chance.CHANCE at a
    draw, and `chance_outcomes()` lists what may come with its probability)."""

    players: int
    seed: int
    chance: str  # "sampled" or "explicit"
    @property
    def history(self) -> Sequence[str]: ...  # the actions played, in order

    @property
    def actors(self) -> Sequence[int]: ...  # the seat that played each (CHANCE for a draw)

    @property
    def current_player(self) -> int | None: ...  # the seat to act; CHANCE at a draw; None once over

    @property
    def active_player(self) -> int | None: ...  # whose turn it is (a choice may fall to another seat)

    @property
    def phase_name(self) -> str: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def tiles_left(self) -> int: ...  # tiles still face down (to draw or to turn up)

    final_points: list[int] | None  # what final scoring added per seat, once over

    def legal_actions(self) -> Sequence[str]: ...
    def apply(self, action: str) -> None: ...  # ValueError (and no change) if malformed or illegal
    def apply_explained(self, action: str) -> list[dict[str, Any]]: ...  # and the scoring events
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[str, float]]: ...
    def returns(self) -> list[float]: ...
    def winners(self) -> list[int]: ...
    def clone(self) -> State: ...
    def determinize(self, rng: random.Random) -> State: ...
    def to_json(self, seats: list[dict[str, Any]] | None = None) -> str: ...  # seats: saved_games


# ---------------------------------------------------------------- the registry


def names() -> list[str]:
    """The games' names, in the registry's order (the default game first)."""
    return list(GAMES)


def spec(name: Any) -> GameSpec:
    """The description of a game by name; an unknown name raises ValueError naming the known ones."""
    try:
        path = GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    found: GameSpec = importlib.import_module(path).SPEC
    return found


def specs() -> list[GameSpec]:
    """Every game's description, in the registry's order."""
    return [spec(n) for n in GAMES]


def spec_of(game: Any) -> GameSpec:
    """The description of an engine's game object (its class is in the game's engine package)."""
    module = type(game).__module__
    for s in specs():
        if module == s.engine or module.startswith(s.engine + "."):
            return s
    raise ValueError(f"{type(game).__name__} from {module} is no registered game's")


def name_of_save(data: Any) -> Any:
    """The game a saved game (parsed JSON) is of: its "game", else the game its "format" names
    ("savanna-<game>-game/1"), else UNNAMED (a save from before games were named). It need not be
    a known game, nor a name (whatever the save holds there): `spec` says so."""
    if isinstance(data, dict):
        named = data.get("game")
        if named is None and isinstance(data.get("format"), str):
            parts = data["format"].split("-")
            named = parts[1] if len(parts) >= 3 and parts[0] == "savanna" else None
        if named is not None:
            return named
    return UNNAMED


def all_options() -> dict[str, Option]:
    """Every game's options by name (one name, one meaning: two games sharing an option name
    share its kind), for interfaces that offer them all at once."""
    out: dict[str, Option] = {}
    for s in specs():
        for o in s.options:
            if o.name in out and out[o.name].kind != o.kind:
                raise TypeError(f"option {o.name} is a {out[o.name].kind} in one game and a {o.kind} in another")
            out.setdefault(o.name, o)
    return out


def having(option: str) -> list[str]:
    """The games that have the option named `option`, in the registry's order."""
    return [s.name for s in specs() if s.option(option) is not None]


def foreign_option(name: str, given: Mapping[str, Any]) -> tuple[Option, list[str]] | None:
    """The first option of `given` that the game `name` has not but another game has, with
    the games having it (None: there is none); for a message such as "--tiles is a setting
    of X, not of Y". An option no game has is left to `GameSpec.settings` to refuse."""
    own = spec(name)
    known = all_options()
    for key in given:
        if own.option(key) is None and key in known:
            return known[key], having(key)
    return None


def game_module(name: str) -> ModuleType:
    """The engine module of a game by name; an unknown name raises ValueError."""
    return spec(name).module


def game_settings(name: str, **settings: Any) -> dict[str, Any]:
    """Of `settings`, those the game `name` takes, None ones left out: game_settings("africa",
    final_scoring="all", hidden_treasure=True) == {"hidden_treasure": True}."""
    s = spec(name)
    return {k: v for k, v in settings.items() if s.option(k) is not None and v is not None}
