"""Chance, as both engines can play it: sampled (the default) or explicit.

`chance="sampled"` (every game's default, and every game saved before the option
existed): the seed shuffles what is drawn (tiles and tokens to draw, tiles lying
face down), the draws happen inside the actions that cause them,
and a game is its seed and its players' actions.

`chance="explicit"`: nothing is shuffled in advance. Whenever the next step is a
draw, the game is at a *chance node*: `current_player` is `CHANCE` (-1, as
OpenSpiel's chance player), `chance_outcomes()` lists what may be drawn with its
probability (`chance_counts()`: the exact counts behind them), `legal_actions()`
lists those outcomes, and applying one (`game.apply("~S05")`) makes the draw. The
outcomes are actions like any other: their notation starts with `~`, they are
recorded in `history` (with `CHANCE` in `actors`) and in saved games, and a saved
game replays them exactly. An outcome of probability 0 is illegal.

A computer player (`savanna.ai`) asked to act at a chance node draws an outcome by
its probability with its own random generator (`sample_outcome`); at a decision
node of an explicit-chance game it decides in a sampled world drawn by
`game.determinize(rng)`, a world consistent with everything public, as search
does. A game loop driving explicit-chance games resolves chance nodes itself, e.g.
`resolve(game, rng)`; the terminal, the web app and the arena play sampled games.
"""

from __future__ import annotations

import random
from typing import Any

from savanna.limits import short

CHANCE = -1  # current_player at a chance node (OpenSpiel's kChancePlayerId)
SAMPLED, EXPLICIT = "sampled", "explicit"
CHANCE_MODES = (SAMPLED, EXPLICIT)
OUTCOME_PREFIX = "~"  # the notation of every chance outcome starts with it


def check_mode(chance: Any) -> str:
    """The chance mode, or ValueError saying what it must be."""
    if chance not in CHANCE_MODES:
        raise ValueError(f"chance must be 'sampled' (draws shuffled by the seed) or 'explicit' "
                         f"(draws are chance nodes), not {short(chance)}")
    return chance


def is_explicit(game: Any) -> bool:
    """Whether a game plays chance explicitly."""
    return getattr(game, "chance", SAMPLED) == EXPLICIT


def is_chance_node(game: Any) -> bool:
    """Whether the next step of `game` is a draw (only ever in explicit-chance games)."""
    return game.current_player == CHANCE


def sample_outcome(game: Any, rng: random.Random) -> Any:
    """An outcome of the chance node `game` is at, drawn by its probability (exactly:
    from the counts, not the rounded probabilities)."""
    counts = game.chance_counts()
    if not counts:
        raise ValueError("not a chance node: nothing to draw")
    r = rng.randrange(sum(n for _, n in counts))
    for a, n in counts:
        if r < n:
            return a
        r -= n
    raise AssertionError("unreachable")


def resolve(game: Any, rng: random.Random) -> None:
    """Draw at every chance node until a seat must act or the game is over."""
    while not game.is_terminal() and game.current_player == CHANCE:
        game.apply(sample_outcome(game, rng))


def decision_view(game: Any, rng: random.Random) -> Any:
    """The game itself when it plays sampled; for an explicit-chance game at a decision
    node, a sampled world drawn from what is left (`determinize`): what a computer
    player that looks ahead by trying actions on copies can search in."""
    return game.determinize(rng) if is_explicit(game) else game
