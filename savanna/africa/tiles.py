"""The game's data: the map and the tile mix, loaded from JSON in the
africa-data/1 format and checked.

A tile type has an id (a lowercase word: `elephant`, `gold-2`, `statue`), a
kind and a count:

| kind      | what it is                                  | extra        |
|-----------|---------------------------------------------|--------------|
| animal    | one species (the id names it)               |              |
| gold      | gold nuggets                                | value: 1 or 2|
| gems      | precious stones                             | value: 1 or 2|
| object    | one kind of object (the id names it)        |              |
| nomad     | a nomad people                              |              |
| monument  | a monument                                  |              |

The counts add up to the number of discovery spaces of the map. The rest of
the data: players (min, max), base camps per player and in the supply, the
bonus for the last monument, points for sets of like objects (by size, from
0) and the awards for most and second most gold and gems.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from savanna.limits import at_most, check_plain, read_json, short

from . import limits
from .board import Board

FORMAT = "africa-data/1"
KINDS = ("animal", "gold", "gems", "object", "nomad", "monument")
TREASURE = ("gold", "gems")
TILE_ID = re.compile(r"[a-z][a-z0-9-]{0,23}")
_KEYS = {"format", "name", "players", "map", "tiles", "camps_per_player", "camp_supply", "last_monument_bonus",
         "object_sets", "treasure_awards"}


@dataclass(frozen=True)
class TileType:
    index: int
    id: str
    kind: str
    count: int
    value: int = 0  # nuggets or stones on a gold or gems tile


class GameData:
    """The map, the tile mix and the numbers of the rules, checked."""

    def __init__(self, data: dict[str, Any]):
        check_plain(data, "game data")
        text = json.dumps(data)
        at_most("game data", text, limits.DATA_CHARS, "characters as JSON")
        self.data = json.loads(text)  # a private, plain-JSON copy
        d = self.data
        _check(isinstance(d, dict), "game data: expected a JSON object")
        _check(d.get("format") == FORMAT, f"game data: format must be {FORMAT!r}, not {short(d.get('format'))}")
        unknown = set(d) - _KEYS
        _check(not unknown, f"game data: unknown fields {sorted(unknown)}")
        limits.check_data(d)  # every size, before anything is built
        m = d.get("map")
        _check(isinstance(m, dict), "game data: 'map' must be an object with 'rows' and 'cities'")
        self.board = Board(m.get("rows"), m.get("cities"), m.get("layout", "odd-r"))

        tiles = d.get("tiles")
        _check(isinstance(tiles, list) and tiles, "game data: 'tiles' must be a non-empty list")
        types = []
        for i, t in enumerate(tiles):
            _check(isinstance(t, dict), f"game data: tile entry {i + 1} must be an object")
            tid = t.get("id")
            _check(isinstance(tid, str) and TILE_ID.fullmatch(tid) is not None,
                   f"game data: tile entry {i + 1}: id must be a lowercase word (a-z, 0-9, -), not {short(tid)}")
            kind = t.get("kind")
            _check(kind in KINDS, f"game data: tile {tid}: kind must be one of {', '.join(KINDS)}, not {short(kind)}")
            count = t.get("count")
            _check(_whole(count) and count >= 1, f"game data: tile {tid}: count must be a whole number >= 1")
            value = t.get("value", 0)
            if kind in TREASURE:
                _check(_whole(value) and value >= 1, f"game data: tile {tid}: a {kind} tile needs a value >= 1")
            else:
                _check(value == 0, f"game data: tile {tid}: only gold and gems tiles have a value")
            extra = set(t) - {"id", "kind", "count", "value"}
            _check(not extra, f"game data: tile {tid}: unknown fields {sorted(extra)}")
            types.append(TileType(i, tid, kind, count, value))
        ids = [t.id for t in types]
        _check(len(set(ids)) == len(ids), "game data: two tile entries have the same id")
        self.types: tuple[TileType, ...] = tuple(types)
        self.by_id = {t.id: t for t in types}
        self.total = sum(t.count for t in types)
        nd = len(self.board.discovery)
        _check(self.total == nd, f"game data: {self.total} tiles for {nd} discovery spaces; they must be equal")
        self.monuments = sum(t.count for t in types if t.kind == "monument")
        _check(self.monuments >= 1, "game data: the game needs at least one monument (the last one ends it)")
        self.kind_of = tuple(t.kind for t in types)
        self.value_of = tuple(t.value for t in types)
        self.animals = tuple(t.index for t in types if t.kind == "animal")
        self.objects = tuple(t.index for t in types if t.kind == "object")
        self.is_animal = tuple(t.kind == "animal" for t in types)
        self.is_nomad = tuple(t.kind == "nomad" for t in types)
        self.is_object = tuple(t.kind == "object" for t in types)
        self.is_treasure = tuple(t.kind in TREASURE for t in types)
        # what a base camp built for points counts around it
        self.counts_for_camp = tuple(t.kind in ("animal", "nomad", "monument") for t in types)

        players = d.get("players", [2, 5])
        _check(isinstance(players, list) and len(players) == 2 and all(_whole(p) for p in players)
               and 1 <= players[0] <= players[1], "game data: 'players' must be [min, max]")
        _check(players[1] <= len(self.board.cities),
               f"game data: {players[1]} players need {players[1]} cities; the map has {len(self.board.cities)}")
        self.min_players, self.max_players = players
        numbers: dict[str, int] = {}
        for key, default in (("camps_per_player", 2), ("camp_supply", 10), ("last_monument_bonus", 3)):
            v = d.get(key, default)
            _check(_whole(v) and v >= 0, f"game data: {key!r} must be a whole number >= 0")
            numbers[key] = v
        self.camps_per_player = numbers["camps_per_player"]
        self.camp_supply = numbers["camp_supply"]
        self.last_monument_bonus = numbers["last_monument_bonus"]
        sets = d.get("object_sets", [0, 1, 3, 5, 8, 12])
        _check(isinstance(sets, list) and len(sets) >= 2 and all(_whole(x) and x >= 0 for x in sets) and sets[0] == 0,
               "game data: 'object_sets' must list the points for 0, 1, 2, ... like objects, starting with 0")
        for t in types:
            if t.kind == "object":
                _check(t.count < len(sets), f"game data: {t.count} {t.id} tiles, but 'object_sets' only scores sets "
                                            f"of up to {len(sets) - 1}")
        self.object_sets = tuple(sets)
        awards = d.get("treasure_awards", [10, 6])
        _check(isinstance(awards, list) and len(awards) == 2 and all(_whole(x) and x >= 0 for x in awards),
               "game data: 'treasure_awards' must be [first, second]")
        self.treasure_awards = tuple(awards)

    def __repr__(self) -> str:
        return f"<africa.GameData {len(self.types)} tile types, {self.total} tiles, {self.board.n} spaces>"


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check(ok: object, message: str) -> None:  # (ok: any value, taken as true or false)
    if not ok:
        raise ValueError(message)


def default_data() -> dict[str, Any]:
    """The game's own data (a fresh copy)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/africa.json").read_text("utf-8"))
    return data


@lru_cache(maxsize=1)
def _default() -> GameData:
    return GameData(default_data())


def load_data(data: dict[str, Any] | str | GameData | None = None) -> GameData:
    """The game data: None for the game's own, a dict, JSON text, or a GameData."""
    if data is None:
        return _default()
    if isinstance(data, GameData):
        return data
    if isinstance(data, (str, bytes)):
        try:
            parsed = read_json(data)
        except ValueError as e:  # (a UnicodeDecodeError or a number too long to read is one too)
            raise ValueError(f"game data is not valid JSON: {e}") from None
        except RecursionError:
            raise ValueError("game data is not valid JSON: nested too deeply") from None
        return GameData(parsed)  # (which checks that it is an object)
    return GameData(data)
