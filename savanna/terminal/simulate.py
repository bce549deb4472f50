"""Many games between computer players, with a summary of how each seat fared."""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass, field

from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from savanna import games
from savanna.ai import make_player


@dataclass
class Summary:
    players: list[str]
    seed: int
    game: str = games.DEFAULT_GAME
    settings: dict = field(default_factory=dict)  # the game's options (savanna.games), as played
    scores: list[list[int]] = field(default_factory=list)  # per game, per seat
    wins: list[float] = field(default_factory=list)  # per seat, ties shared
    seconds: list[float] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.scores)


def play_one(players: list, seed: int, game: str = games.DEFAULT_GAME, settings: dict | None = None):
    """One game; `settings`: the game's options (those missing at their defaults)."""
    g = games.spec(game).new_game(players=len(players), seed=seed, **(settings or {}))
    while not g.is_terminal():
        g.apply(players[g.current_player].choose(g))
    return g


def simulate(n: int, player_names: list[str], seed: int, save_dir: str | None = None, console: Console | None = None,
             game: str = games.DEFAULT_GAME, settings: dict | None = None) -> Summary:
    """Play `n` games of `game` under `settings` (its options; those missing at their defaults);
    game i uses seed `seed + i`. Saves each as JSON in `save_dir`."""
    c = console or Console()
    nseats = len(player_names)
    settings = games.spec(game).settings(settings)
    summary = Summary(player_names, seed, game, settings, wins=[0.0] * nseats)
    if save_dir:
        os.makedirs(save_dir, exist_ok=True)
    columns = (TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=c, transient=False) as progress:
        task = progress.add_task("games", total=n)
        for i in range(n):
            game_seed = seed + i
            players = [make_player(name, seed=game_seed * 16 + s) for s, name in enumerate(player_names)]
            t0 = time.perf_counter()
            g = play_one(players, game_seed, game, settings)
            summary.seconds.append(time.perf_counter() - t0)
            summary.scores.append(g.scores)
            summary.actions.append(len(g.history))
            winners = g.winners()
            for w in winners:
                summary.wins[w] += 1 / len(winners)
            if save_dir:
                with open(os.path.join(save_dir, f"game-{i + 1:04d}-seed-{game_seed}.json"), "w", encoding="utf-8") as f:
                    f.write(g.to_json())
            progress.advance(task)
    return summary


def render_summary(s: Summary) -> Group:
    n = s.games
    rules = " · ".join(part for part in (s.game, games.spec(s.game).describe(s.settings)) if part)
    table = Table(title=f"{n} games · {len(s.players)} players · seeds {s.seed}–{s.seed + n - 1} · {rules}",
                  title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("mean score", justify="right")
    table.add_column("median", justify="right")
    table.add_column("max", justify="right")
    table.add_column("win share", justify="right")
    for seat, name in enumerate(s.players):
        col = [g[seat] for g in s.scores] or [0]
        table.add_row(str(seat), name, f"{statistics.fmean(col):.1f}", f"{statistics.median(col):g}", str(max(col)),
                      f"{(s.wins[seat] / n if n else 0):.1%}")
    mean_ms = statistics.fmean(s.seconds) * 1000 if s.seconds else 0.0
    mean_actions = statistics.fmean(s.actions) if s.actions else 0.0
    totals = Table(box=None, show_header=False, padding=(0, 1))
    totals.add_column(style="bold")
    totals.add_column(justify="right")
    totals.add_row("games", str(n))
    totals.add_row("mean game time", f"{mean_ms:.1f} ms")
    totals.add_row("mean actions per game", f"{mean_actions:.1f}")
    return Group(table, totals)
