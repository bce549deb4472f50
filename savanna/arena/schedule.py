"""Who sits where in each game of an arena, and with which seeds.

Games come in blocks that share one game seed, so the deal (tile stack and token
pile) is the same for every seating of the block:

- seats <= players: every combination of `seats` players, each in all its cyclic
  rotations (2 players: a pair of games with the seats swapped);
- seats > players: the players fill the seats in turn (player i in seat s when
  (s + rotation) % players == i), in each of the `players` rotations, so a player
  may sit in several seats of one game.

Either way every player sits in every seat equally often over a block, and the
number of games is rounded up to whole blocks.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import asdict, dataclass, field
from typing import Any

from savanna.games import DEFAULT_GAME


def derive_seed(*parts: object) -> int:
    """A reproducible 31-bit seed from the arena seed and indices (stable across
    Python versions and processes, unlike hash())."""
    text = "savanna-arena:" + ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") & 0x7FFFFFFF


def seatings(players: int, seats: int) -> list[tuple[int, ...]]:
    """The seatings of one block: per game, the player index in each seat."""
    if players < 1 or seats < 1:
        raise ValueError("an arena needs at least one player and one seat")
    if seats <= players:
        out = []
        for combo in itertools.combinations(range(players), seats):
            for r in range(seats):
                out.append(combo[r:] + combo[:r])
        return out
    return [tuple((s + r) % players for s in range(seats)) for r in range(players)]


def block_size(players: int, seats: int) -> int:
    return len(seatings(players, seats))


def games_needed(games: int, players: int, seats: int) -> int:
    """`games` rounded up to whole blocks of seatings."""
    b = block_size(players, seats)
    return -(-games // b) * b


@dataclass(frozen=True)
class Task:
    """One game of an arena: all a worker needs to play it (picklable, JSON-able)."""

    index: int  # game number, 0-based
    block: int  # games of a block share the seed
    game: str  # the game's name in savanna.games
    seed: int  # the game's seed
    seats: tuple[int, ...]  # player index per seat
    specs: tuple[str, ...]  # player spec per seat
    player_seeds: tuple[int, ...]  # per seat
    settings: dict[str, Any] = field(default_factory=dict)  # the game's options; missing ones: its defaults
    keep_json: bool = False  # return the saved game with the record

    def to_dict(self) -> dict:
        return asdict(self)


def schedule(specs: list[str], games: int, seats: int | None = None, seed: int = 0, game: str = DEFAULT_GAME,
             settings: dict[str, Any] | None = None, keep_json: bool = False) -> list[Task]:
    """The games of an arena between `specs`, at least `games` of them (rounded up to
    whole blocks), reproducible from `seed`."""
    nseats = len(specs) if seats is None else seats
    block = seatings(len(specs), nseats)
    total = games_needed(games, len(specs), nseats)
    tasks = []
    for index in range(total):
        b, k = divmod(index, len(block))
        seating = block[k]
        tasks.append(Task(
            index=index, block=b, game=game, seed=derive_seed(seed, "game", b), seats=seating,
            specs=tuple(specs[p] for p in seating),
            player_seeds=tuple(derive_seed(seed, "player", index, s) for s in range(nseats)),
            settings=dict(settings or {}), keep_json=keep_json))
    return tasks
