"""The arena: many games between computer players, in parallel, with statistics.

    from savanna.arena import Arena, run_arena
    result = run_arena(Arena(players=["greedy", "random"], games=200, seed=1))
    result["summary"]["players"][0]["win_rate"]

Seats rotate so each player sits in each seat equally often (2 players: pairs of
games on the same deal with the seats swapped); games run on a local process pool,
or as Ray tasks (`ray="local"` or a cluster address). See `report` for what the
summary's numbers mean, `schedule` for the seating and seeds.
"""

from __future__ import annotations

import datetime
import os
import platform
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from savanna import games
from savanna.games import DEFAULT_GAME  # (in Arena, whose `games` field hides the module)

from .report import (
    load_results,
    match_settings,
    merge_results,
    player_labels,
    render_summary,
    results_document,
    rules_line,
    save_results,
    summarize,
)
from .runner import RAY_DEFAULT_NICENESS, ArenaError, default_workers, play_game, run_tasks
from .schedule import Task, block_size, derive_seed, games_needed, schedule, seatings
from .stats import elo_expected, fit_elo, wilson_interval

__all__ = [
    "Arena",
    "ArenaError",
    "Task",
    "block_size",
    "default_workers",
    "derive_seed",
    "elo_expected",
    "fit_elo",
    "games_needed",
    "load_results",
    "match_settings",
    "merge_results",
    "play_game",
    "player_labels",
    "recorded_options",
    "render_summary",
    "results_document",
    "rules_line",
    "run_arena",
    "run_tasks",
    "save_results",
    "schedule",
    "seatings",
    "summarize",
    "validate",
    "wilson_interval",
]


@dataclass
class Arena:
    """The settings of an arena."""

    players: list[str]
    games: int
    game: str = DEFAULT_GAME
    seats: int | None = None  # default: one per player
    seed: int | None = None  # default: a random one (recorded in the results)
    settings: dict[str, Any] = field(default_factory=dict)  # the game's options (savanna.games); others: defaults
    workers: int | None = None  # default: all cores
    ray: str | None = None  # None: local processes; "local": Ray on this machine; else a cluster address
    ray_niceness: int = RAY_DEFAULT_NICENESS  # the niceness of the games' Ray workers, 0 (normal) to 19
    save_games: str | None = None  # a directory for every game as JSON
    extra: dict[str, Any] = field(default_factory=dict)  # recorded in the settings as given


def validate(arena: Arena) -> dict[str, Any]:
    """Check the settings before any game is played; ArenaError with a one-line message. The
    game's options as its games are played: each given one, the others at their defaults, a
    tile set (say) by its version, which a later default may not be."""
    from savanna.ai import parse_spec

    if len(arena.players) < 2:
        raise ArenaError("an arena needs at least two players, e.g. savanna arena greedy random --games 100")
    for player in arena.players:
        try:
            parse_spec(player)
        except ValueError as e:
            raise ArenaError(str(e)) from None
    if not isinstance(arena.games, int) or isinstance(arena.games, bool) or arena.games < 1:
        raise ArenaError(f"the number of games must be a positive whole number, not {arena.games!r}")
    if arena.workers is not None and (not isinstance(arena.workers, int) or arena.workers < 1):
        raise ArenaError(f"workers must be a positive whole number, not {arena.workers!r}")
    try:
        spec = games.spec(arena.game)
    except ValueError as e:
        raise ArenaError(str(e)) from None
    seats = arena.seats if arena.seats is not None else len(arena.players)
    foreign = games.foreign_option(spec.name, arena.settings)
    if foreign:
        raise ArenaError(f"{foreign[0].label} is a setting of {' and '.join(foreign[1])}, not of {arena.game}")
    try:
        options = spec.settings(arena.settings)
        game = spec.new_game(players=seats, seed=0, **options)
    except ValueError as e:
        raise ArenaError(f"{arena.game} with {seats} seats: {e}") from None
    if arena.ray is not None and not str(arena.ray).strip():
        raise ArenaError("--ray needs 'local' or a cluster address such as 10.0.0.5:6379")
    if not isinstance(arena.ray_niceness, int) or isinstance(arena.ray_niceness, bool) \
            or not 0 <= arena.ray_niceness <= 19:
        raise ArenaError("the Ray workers' niceness must be a whole number from 0 to 19, "
                         f"not {arena.ray_niceness!r}")
    stored = spec.stored_settings(game)
    return {name: stored.get(name, value) for name, value in options.items()}


def recorded_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as a results file records them: `options`, the game's own, and, as results
    files have always had them, every other game's at its default, but for one that holds
    another game's own data (its tile set), which means nothing here."""
    own_data = {name for s in games.specs() if s.name != game for name in s.own_data}
    others = {o.name: o.default for o in games.all_options().values() if o.name not in own_data}
    return {**others, **options}


def run_arena(arena: Arena, on_start: Callable[[int], None] | None = None,
              on_result: Callable[[dict], None] | None = None, on_note: Callable[[str], None] | None = None) -> dict:
    """Play the arena; its results document {"format", "settings", "games", "summary"}.
    `on_start(total)` is called with the number of games before the first one,
    `on_result(record)` after each game, `on_note(text)` with what the user should know
    about the run (on Ray: workers that could not run at `ray_niceness`). Saves each game
    in `save_games` if set.
    Raises ArenaError for bad settings or an unreachable Ray."""
    options = validate(arena)
    seed = arena.seed if arena.seed is not None else secrets.randbelow(2**31)
    seats = arena.seats if arena.seats is not None else len(arena.players)
    if arena.save_games:
        try:
            os.makedirs(arena.save_games, exist_ok=True)
        except OSError as e:
            raise ArenaError(f"cannot create {arena.save_games}: {e.strerror or e}") from None
    tasks = schedule(arena.players, arena.games, seats=seats, seed=seed, game=arena.game, settings=options,
                     keep_json=bool(arena.save_games))
    workers = arena.workers or default_workers()
    if arena.ray:
        backend = f"Ray ({'local, ' + str(workers) + ' CPUs' if arena.ray == 'local' else arena.ray})"
    else:
        backend = f"{min(workers, len(tasks))} process{'es' if min(workers, len(tasks)) > 1 else ''}"
    if on_start:
        on_start(len(tasks))

    def done(record: dict) -> None:
        text = record.pop("game_json", None)
        if text is not None and arena.save_games:
            name = f"game-{record['index'] + 1:05d}-seed-{record['seed']}.json"
            try:
                with open(os.path.join(arena.save_games, name), "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError as e:
                raise ArenaError(f"cannot save game {record['index'] + 1}: {e.strerror or e}") from None
            record["file"] = name
        if on_result:
            on_result(record)

    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    t0 = time.perf_counter()
    records = run_tasks(tasks, workers=workers, ray_address=arena.ray, on_result=done,
                        ray_niceness=arena.ray_niceness, on_note=on_note)
    wall = time.perf_counter() - t0
    from savanna import __version__

    settings = {
        "players": list(arena.players), "game": arena.game, "seats": seats, "games_requested": arena.games,
        "games": len(tasks), "rotation": block_size(len(arena.players), seats), "seed": seed,
        **recorded_options(arena.game, options), "workers": workers, "ray": arena.ray,
        "ray_niceness": arena.ray_niceness if arena.ray else None, "backend": backend,
        "save_games": arena.save_games, "started": started, "wall_seconds": wall, "savanna": __version__,
        "python": platform.python_version(), "machine": platform.machine(), **arena.extra,
    }
    return results_document(settings, records, summarize(arena.players, records))
