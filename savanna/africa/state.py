"""The engine's state, read-only: the attributes of a `Game` that code outside the engine may
read (search, research and the evaluation read them for speed), and what each holds. They
change nothing; the rules change them (docs/africa.md, "The engine's state, read-only").

Spaces are indices into `board` (`board.labels[sp]` is "f1"), tile types indices into
`data.types`, seats count from 0, and EMPTY (-1) means none.

  players, seed, hidden_treasure, first_player, chance   the settings
  data          the GameData: the tile types (`data.types`), the map, the rules' numbers
  board         the Board of `data`: `n` spaces, their labels, neighbours, cities
  num_types     len(data.types)
  content       per space: the tile type lying there (face up or down), or EMPTY
  down          per space: whether its tile lies face down
  n_down        how many tiles lie face down
  camp          per space: the seat of the base camp there, or EMPTY
  explorer      per seat: its explorer's space, or EMPTY before set-up placed it
  held          the tiles each seat holds: held[seat * num_types + type]
  reserve       per seat: base camps in reserve
  supply        base camps left in the supply (for monuments)
  score         per seat (`scores`: a copy)
  phase         phases.py: SETUP, MOVE, JUMP, ACTION, TARGET, TRADE, OVER or REVEAL (`phase_name`)
  active        the seat whose turn it is (`current_player`: who must act now)
  step          0 or 1: which of option B's two steps the turn is at
  turn          turns played
  pending       TARGET: the space of the animal or nomads to place; else EMPTY
  pending_discovered   whether that piece was just discovered (it may stay where it is)
  new_object    TRADE: the object type just found; else EMPTY
  monuments_found   monuments turned up so far (the game ends at data.monuments)
  bonus_holder  the seat that found the last monument, or EMPTY
  reveal_at     explicit chance, REVEAL: the space being discovered; else EMPTY
  gone          the seats that left the game (`out`, leaving.py), in the order they left
  history, actors   the actions played, in order; the seat that played each (CHANCE: a draw)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .board import Board
from .tiles import GameData

READ_ONLY = ("players", "seed", "hidden_treasure", "first_player", "chance", "data", "board", "num_types",
             "content", "down", "n_down", "camp", "explorer", "held", "reserve", "supply", "score", "phase",
             "active", "step", "turn", "pending", "pending_discovered", "new_object", "monuments_found",
             "bonus_holder", "reveal_at", "gone", "history", "actors")


class State:
    """The state a game holds, as types (what each holds: above; set up by `Game.__init__`
    and layout.deal). `Game` is a `State`; the rule files take one, so that each rule is
    checked against what the game holds without importing the turn flow that calls it."""

    if not TYPE_CHECKING:  # the slots are Game's; mypy would take an empty tuple here for
        __slots__ = ()     # "no attribute may be set"

    data: GameData
    board: Board
    players: int
    seed: int
    hidden_treasure: bool
    first_player: int
    chance: str
    custom_data: dict[str, Any] | None  # a game's own data, saved whole
    num_types: int
    tile_layout: dict[str, str] | None  # the option: space label -> tile id
    revealed: list[str] | None  # the option: the spaces whose tiles start face up
    fixed: frozenset[int]  # explicit chance: the spaces tile_layout sets
    content: list[int]
    down: list[bool]
    n_down: int
    camp: list[int]
    explorer: list[int]
    held: list[int]
    reserve: list[int]
    supply: int
    score: list[int]
    phase: int
    active: int
    step: int
    turn: int
    pending: int
    pending_discovered: bool
    new_object: int
    monuments_found: int
    bonus_holder: int
    reveal_at: int
    gone: list[int]
    history: list[Action]
    actors: list[int]
    final_points: list[int] | None
    final_breakdown: list[dict[str, int]] | None
    explain: list[dict[str, Any]] | None

    if TYPE_CHECKING:  # Game's (inspection.py, game.py), declared for the rule files that ask
        @property
        def current_player(self) -> int | None: ...

        def legal_actions(self) -> list[Action]: ...
