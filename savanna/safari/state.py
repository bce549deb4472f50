"""The state a game of Carcassonne Safari holds, as types: `Table` (what laying tiles builds,
the part a new game copies from its tile set's start, table.py) and `State` (the whole of it,
with who acts now). `Game` (game.py) is a `State`; the rule files take one, so that each rule
is checked against what the game holds without importing the turn flow that calls it.

What each attribute holds: game.py's `Game` docstring (READ_ONLY).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from savanna.chance import CHANCE

from .actions import Action
from .phases import DRAW, OVER, SCORE
from .regions import Regions
from .tileset import TileType, TileSet

# a tile on the table: its type, rotation 0..3, animals per feature, copy name, node per side
# (-1: none), node per feature (-1: a baobab)
Laid = tuple[TileType, int, tuple[str, ...], str, tuple[int, ...], tuple[int, ...]]


class Table:
    """The tiles laid, their trails and bush, and the savanna slots they open."""

    if not TYPE_CHECKING:  # the slots are the subclasses' (Game's, table.Start's); mypy would
        __slots__ = ()     # take an empty tuple here for "no attribute may be set"

    tileset: TileSet
    board: dict[int, Laid]
    frontier: dict[int, int]  # empty space -> the edges it demands
    regions: Regions
    holes: dict[int, tuple[str, ...]]  # point -> its four slots' animal letters ("" empty)
    free_slots: dict[int, None]  # empty savanna slots (an ordered set)
    dig_slots: dict[int, None]  # the free slots a hole may be dug on


class State(Table):
    """The whole state of a game (set up by `Game.__init__`)."""

    if not TYPE_CHECKING:  # (as Table's)
        __slots__ = ()

    players: int
    seed: int
    final_scoring: str
    chance: str
    tile_order: list[str] | None
    token_order: str | None
    custom_tiles: dict[str, Any] | None
    feature_meeples: list[tuple[int, int]]  # (seat, node)
    baobab_meeples: dict[int, int]  # space -> seat
    hole_meeples: dict[int, tuple[tuple[int, int], ...]]  # point -> ((seat, slot), ..)
    pile: list[int]
    discards: list[int]
    reshuffles: int
    num_animals: int
    hands: list[int]
    supply_meeples: list[int]
    score: list[int]
    stack: list[int]
    removed: list[int]
    rangers: list[int]
    phase: int
    active: int
    tile: int
    placed: int
    displaced: int
    jobs: list[tuple[int, list[int]]]  # (root, leading seats)
    job_seat: int
    job_adds: list[str | None]
    history: list[Action]
    actors: list[int]
    final_points: list[int] | None
    draws: list[int]
    resume: int
    explain: list[dict[str, Any]] | None
    gone: list[int]

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; a scoring choice may fall to a seat other than the active one."""
        if self.phase == OVER:
            return None
        if self.phase == SCORE:
            return self.jobs[0][1][self.job_seat]
        if self.phase == DRAW:
            return CHANCE
        return self.active

    def is_terminal(self) -> bool:
        return self.phase == OVER
