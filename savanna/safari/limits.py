"""The bounds of a Safari tile set and saved game (savanna/limits.py says why there are any).

Each is far above the real set (real-1: 33 tile types of at most 5 copies, 72 tiles, 5
animals of 10 tokens, 6 meeples, 2 to 5 players, a start tile of 3 cells, at most 3 birds
and 3 animals on a feature) and low enough that a saved game at every bound at once loads
and replays in a fraction of a second. `check_tile_set` looks at a set's sizes before any
of it is built; the saved game's are checked by `saved_games.check` and `serialization`.
"""

from __future__ import annotations

from typing import Any

from savanna.limits import PLAYERS, at_most, short

TILE_TYPES = 128
COPIES = 32  # of one tile type
TILES = 256  # copies of all types: a game's turns; with COORDINATE it keeps the board inside geometry.LIMIT
ANIMALS = 26  # kinds of animal: the notation writes each as a capital letter
TOKENS_PER_ANIMAL = 64
TOKENS = 256  # of all kinds: the pile holds one entry per token
MEEPLES = 32  # per player
START_CELLS = 16
COORDINATE = 16  # |x| and |y| of a start cell or a ranger's first space
FEATURES = 5  # on a tile: one per side and a baobab, as the edges allow
BIRDS = 16  # on one bush
ANIMALS_ON_FEATURE = 16  # letters in one feature's animals ("GG": two giraffes)
NAME = 32  # characters in a tile id or an animal's name
VERSION = 64  # characters in a set's version name
SET_CHARS = 128 * 1024  # the whole set as JSON (real-1: 8.5 KB): bounds what no other bound counts
NOTE = 2_000  # characters in one note of a set: its `source` or any text the rules do not read (real-1's: 488)
NOTES = 4_000  # characters of all its notes together (real-1's: 630)

# the fields the rules read, at each level of a set; every other field is a note (`notes`)
_READ = {"format", "version", "animals", "animal_tokens", "meeples_per_player", "players", "tiles", "start",
         "ranger_spaces"}
_TILE = {"id", "count", "edges", "savanna_corners", "features", "copies"}
_CELL = {"at", "edges", "savanna_corners", "features", "animals"}
_START = {"cells"}
_FEATURE = {"kind", "edges", "birds", "at"}


def max_actions(tiles: int, players: int, chance: str = "sampled") -> int:
    """The most actions a game of `tiles` land tiles can hold: each turn places one tile and
    plays one action and at most one ranger's return, and each leader of each trail or bush
    the tile completed (one at most per side) chooses a token to add. An explicit-chance
    game also holds its draws: each land tile once, two tokens per seat dealt, and per turn
    at most four tokens (two for a meeple laid on a baobab, two when a baobab's meeple
    comes back, which it can do no more often than meeples are laid there)."""
    n = tiles * (3 + 4 * players)
    if chance == "explicit":
        n += tiles * 5 + 2 * players
    return n


ACTIONS = max_actions(TILES, PLAYERS)  # before the set is known
EXPLICIT_ACTIONS = max_actions(TILES, PLAYERS, "explicit")  # the same, for an explicit-chance game


def check_tile_set(d: dict[str, Any]) -> None:
    """Refuse a tile set (plain JSON data) in which a number or list is over its bound, before
    any of it is built. Only sizes are looked at: TileSet checks the rest and says what a
    value of the wrong type must be."""
    animals = d.get("animals")
    at_most("tile set: 'animals'", animals, ANIMALS, "animals")
    for a, name in _items(animals):
        at_most(f"tile set: animals[{short(a)}]", name, NAME, "characters")
    tokens = d.get("animal_tokens")
    at_most("tile set: 'animal_tokens'", tokens, ANIMALS, "animals")
    for a, n in _items(tokens):
        at_most(f"tile set: animal_tokens[{short(a)}]", n, TOKENS_PER_ANIMAL)
    at_most("tile set: the sum of animal_tokens", _sum(v for _, v in _items(tokens)), TOKENS)
    at_most("tile set: meeples_per_player", d.get("meeples_per_player"), MEEPLES)
    players = d.get("players")
    if isinstance(players, list) and len(players) == 2:
        at_most("tile set: the most players", players[1], PLAYERS)

    tiles = d.get("tiles")
    at_most("tile set: 'tiles'", tiles, TILE_TYPES, "tile types")
    for i, t in enumerate(_list(tiles)):
        if not isinstance(t, dict):
            continue
        ident = t.get("id")
        at_most(f"tile set: tile {i + 1}'s id", ident, NAME, "characters")
        where = f"tile set: tile {ident}" if isinstance(ident, str) else f"tile set: tile {i + 1}"
        at_most(f"{where}: count", t.get("count"), COPIES)
        copies = t.get("copies")
        at_most(f"{where}: 'copies'", copies, COPIES, "copies")
        _tile(where, t)
        for n, animals in enumerate(_list(copies), 1):
            _animals(f"{where}/{n}", animals)
    at_most("tile set: the sum of the tiles' counts", _sum(t.get("count") for t in _list(tiles)
                                                           if isinstance(t, dict)), TILES)

    start = d.get("start")
    cells = start.get("cells") if isinstance(start, dict) else None
    at_most("tile set: start: 'cells'", cells, START_CELLS, "cells")
    for i, c in enumerate(_list(cells)):
        if isinstance(c, dict):
            _space(f"tile set: start cell {i}: 'at'", c.get("at"))
            _tile(f"tile set: start cell {i}", c)
            _animals(f"tile set: start cell {i}", c.get("animals"))
    rangers = d.get("ranger_spaces")
    at_most("tile set: ranger_spaces", rangers, 2, "spaces")
    for i, r in enumerate(_list(rangers)):
        _space(f"tile set: ranger space {i + 1}", r)

    total = 0
    for where, text in notes(d):
        at_most(f"tile set: {where}", text, NOTE, "characters")
        total += len(text)
    if total > NOTES:
        raise ValueError(f"tile set: its notes (source and every other field the rules do not read) have {total} "
                         f"characters in all; at most {NOTES} allowed")


def notes(d: Any) -> list[tuple[str, str]]:
    """The free text of a set, each piece with where it is: every text (a value, or a key of an
    object) in a field the rules do not read: `source`, `sides`, `edge_kinds`, a tile's or a
    feature's own notes, ... A set of the wrong shape has those of its parts that have one."""
    found: list[tuple[str, str]] = []

    def walk(where: str, x: Any) -> None:
        if isinstance(x, str):
            found.append((where, x))
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(f"{where}[{i}]", v)
        elif isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, str):
                    found.append((f"{where}: a key", k))
                walk(f"{where}[{short(k)}]", v)

    def fields(where: str, x: Any, read: set[str]) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k not in read:
                    walk(f"{where}{short(k)}", v)

    fields("", d, _READ)
    for i, t in enumerate(_list(d.get("tiles") if isinstance(d, dict) else None)):
        ident = t.get("id") if isinstance(t, dict) else None
        where = f"tile {ident if isinstance(ident, str) else i + 1}: "
        fields(where, t, _TILE)
        for j, f in enumerate(_list(t.get("features") if isinstance(t, dict) else None), 1):
            fields(f"{where}feature {j}: ", f, _FEATURE)
    start = d.get("start") if isinstance(d, dict) else None
    fields("start: ", start, _START)
    for i, c in enumerate(_list(start.get("cells") if isinstance(start, dict) else None)):
        fields(f"start cell {i}: ", c, _CELL)
        for j, f in enumerate(_list(c.get("features") if isinstance(c, dict) else None), 1):
            fields(f"start cell {i}: feature {j}: ", f, _FEATURE)
    return found


def fit_notes(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a set whose notes are cut to fit NOTE and NOTES: for a set stored before they
    were bounded (the web app's games), which must go on loading. The rules read no note, so
    the game is unchanged. A set within them comes back as it is."""
    if sum(len(text) for _, text in notes(d)) <= NOTES and all(len(t) <= NOTE for _, t in notes(d)):
        return d
    left = [NOTES]

    def cut(text: str) -> str:
        keep = min(len(text), NOTE, left[0])
        left[0] -= keep
        return text if keep == len(text) else text[:max(keep - 1, 0)] + ("\u2026" if keep else "")

    def fit(x: Any) -> Any:
        if isinstance(x, str):
            return cut(x)
        if isinstance(x, list):
            return [fit(v) for v in x]
        if isinstance(x, dict):
            out = {}
            for k, v in x.items():
                key = cut(k) if isinstance(k, str) else k
                if key != k or key in out:  # (a key cut would be another: the note goes)
                    continue
                out[k] = fit(v)
            return out
        return x

    def fields(x: Any, read: set[str], inner: Any = None) -> Any:
        if not isinstance(x, dict):
            return x
        return {k: (inner(k, v) if inner else v) if k in read else fit(v) for k, v in x.items()}

    def feature_list(features: Any) -> Any:
        return [fields(f, _FEATURE) for f in features] if isinstance(features, list) else features

    def tile(k: str, v: Any) -> Any:
        return feature_list(v) if k == "features" else v

    def top(k: str, v: Any) -> Any:
        if k == "tiles" and isinstance(v, list):
            return [fields(t, _TILE, tile) for t in v]
        if k == "start" and isinstance(v, dict):
            return fields(v, _START, lambda _k, cells: [fields(c, _CELL, tile) for c in cells]
                          if isinstance(cells, list) else cells)
        return v

    fitted: dict[str, Any] = fields(d, _READ, top)
    return fitted


def _tile(where: str, t: dict[str, Any]) -> None:
    features = t.get("features")
    at_most(f"{where}: 'features'", features, FEATURES, "features")
    for j, f in enumerate(_list(features), 1):
        if isinstance(f, dict):
            at_most(f"{where}: feature {j}: edges", f.get("edges"), 4, "sides")
            at_most(f"{where}: feature {j}: birds", f.get("birds"), BIRDS)
    at_most(f"{where}: savanna_corners", t.get("savanna_corners"), 4, "corners")


def _animals(where: str, animals: Any) -> None:
    at_most(f"{where}: animals", animals, FEATURES, "features")
    for a in _list(animals):
        at_most(f"{where}: animals {short(a)}", a, ANIMALS_ON_FEATURE, "letters")


def _space(where: str, at: Any) -> None:
    if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at):
        if any(abs(v) > COORDINATE for v in at):
            raise ValueError(f"{where} is {short(at, 40)}; coordinates from {-COORDINATE} to {COORDINATE} allowed")


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def _items(x: Any) -> list[tuple[Any, Any]]:
    return list(x.items()) if isinstance(x, dict) else []


def _sum(values: Any) -> int:
    """The sum of the whole numbers among `values` (others are TileSet's to refuse)."""
    return sum(v for v in values if isinstance(v, int) and not isinstance(v, bool) and v > 0)
