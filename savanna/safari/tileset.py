"""The tile set: loaded from data in the safari-tiles/1 format, checked, and
precomputed for every rotation so that placement is table look-ups.

The package ships the sets named in TILE_SETS, each with a `version`: `real-1`,
read tile by tile from pictures of the real tiles and used by every new game, and
`reconstruction-1`, an earlier invented set kept so that games saved on it
replay. A user's own set is a dict in the same format. Each set is read and
checked once per process and shared (packaged ones by version, a user's by its
content), since games, copies and searches start from it again and again.

Edge kinds are small ints: 0 savanna, 1 savanna with a trail, 2 bush. A
placement constraint on an empty space is a "pattern": two bits per side
N, E, S, W holding the kind its neighbour shows there, or 3 for no neighbour.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from importlib import resources
from typing import Any

from savanna.limits import at_most, check_plain, read_json, short

from . import limits
from .geometry import CORNERS, POINTS, SIDES

SAVANNA, TRAIL, BUSH = 0, 1, 2
EDGE_KINDS = {"s": SAVANNA, "t": TRAIL, "b": BUSH}
FEATURE_KINDS = ("trail", "bush", "baobab")
NO_NEIGHBOUR = 3
OPEN_PATTERN = 0xFF  # every side without neighbour
FORMAT = "safari-tiles/1"
DEFAULT_TILE_SET = "real-1"
LEGACY_TILE_SET = "reconstruction-1"  # what a save that names no tile set was played on
TILE_SETS = {"real-1": "safari-tiles.json", "reconstruction-1": "safari-tiles-reconstruction.json"}
PICTURES = "safari-pictures.json"  # where a packaged set's pictures draw a piece; no rule reads it


_FITS: dict[tuple[int, ...], tuple[int, ...]] = {}  # one copy of each tuple of rotations, shared by every type


@dataclass(frozen=True)
class Feature:
    kind: str  # "trail", "bush" or "baobab"
    sides: tuple[int, ...]  # unrotated sides 0..3
    birds: int
    at: int | None = None  # a baobab: where the tile's picture has it (an index of POINTS), if given


@dataclass(frozen=True)
class Rotated:
    """A tile type turned by one of the four rotations."""

    edges: tuple[int, ...]  # kind on N, E, S, W
    side_feature: tuple[int, ...]  # feature index on each side, -1 for plain savanna
    feature_sides: tuple[tuple[int, ...], ...]  # each feature's sides, ascending
    corners: tuple[int, ...]  # open savanna corners (0 NE .. 3 NW)


class TileType:
    """One kind of land tile with its precomputed rotations."""

    def __init__(self, ident: str, edges: str, features: list[Feature], corners: list[int]):
        self.id = ident
        self.edge_text = edges
        self.edges = tuple(EDGE_KINDS[c] for c in edges)
        self.features = tuple(features)
        self.corners = tuple(sorted(corners))
        side_feature = [-1, -1, -1, -1]
        for i, f in enumerate(features):
            for s in f.sides:
                side_feature[s] = i
        self.rotations: list[Rotated] = []
        for r in range(4):
            self.rotations.append(
                Rotated(
                    edges=tuple(self.edges[(d - r) % 4] for d in range(4)),
                    side_feature=tuple(side_feature[(d - r) % 4] for d in range(4)),
                    feature_sides=tuple(tuple(sorted((s + r) % 4 for s in f.sides)) for f in features),
                    corners=tuple(sorted((c + r) % 4 for c in self.corners)),
                )
            )
        # fits[pattern] -> rotations (0..3) whose edges match every neighbour. A rotation fits
        # 16 patterns: on each side, a neighbour showing its edge or none. (Built from those, not
        # by trying all 256, which made a large user's set slow to load.)
        fits: list[list[int]] = [[] for _ in range(256)]
        for r, rot in enumerate(self.rotations):
            for absent in range(16):
                fits[sum((NO_NEIGHBOUR if absent >> d & 1 else rot.edges[d]) << (2 * d) for d in range(4))].append(r)
        self.fits: list[tuple[int, ...]] = [_FITS.setdefault(t, t) for t in map(tuple, fits)]
        self.baobab = next((i for i, f in enumerate(features) if f.kind == "baobab"), -1)

    def __repr__(self) -> str:
        return f"TileType({self.id!r}, {self.edge_text!r})"


@dataclass(frozen=True)
class TileCopy:
    """One physical land tile: its type and the animals on each feature."""

    index: int  # position in TileSet.copies
    name: str  # "S03/2": type id and 1-based copy number
    type: TileType
    animals: tuple[str, ...]  # per feature, e.g. ("", "GG")


@dataclass(frozen=True)
class StartCell:
    x: int
    y: int
    type: TileType
    animals: tuple[str, ...]


class TileSet:
    """A checked tile set. Build it with `load_tiles`."""

    def __init__(self, data: dict[str, Any], packaged: bool = False, pictures: dict[str, Any] | None = None):
        _check(isinstance(data, dict), "a tile set must be a JSON object")
        check_plain(data, "tile set")
        # our own copy, as plain JSON: later changes to the caller's dict cannot reach the game
        text = json.dumps(data)
        at_most("tile set", text, limits.SET_CHARS, "characters as JSON")
        data = json.loads(text)
        limits.check_tile_set(data)  # every size, before anything is built
        self.data = data
        _check(data.get("format") == FORMAT, f"tile set format must be {FORMAT!r}")
        version = data.get("version")
        _check(version is None or (isinstance(version, str) and 0 < len(version) <= limits.VERSION),
               f"a tile set's version must be a name of 1 to {limits.VERSION} characters")
        self.version: str | None = version
        self.packaged = packaged  # one of TILE_SETS: a save names it by version alone
        # a baobab's place on its tile's picture where the data gives none (the packaged sets' pictures file)
        self._baobab_at: dict[str, str] = (pictures or {}).get("baobab_at", {})
        animals: Any = data.get("animals")  # JSON, checked below
        _check(isinstance(animals, dict) and animals, "tile set needs an 'animals' object")
        for letter, name in animals.items():
            _check(isinstance(letter, str) and len(letter) == 1 and letter.isupper(),
                   f"animal letter {letter!r} must be one capital letter")
            _check(isinstance(name, str), f"animal {letter}: its name must be text")
        self.animals: str = "".join(animals)  # letters, in data order; index = bit
        self.animal_names: dict[str, str] = dict(animals)
        self.animal_index = {a: i for i, a in enumerate(self.animals)}
        tokens: Any = data.get("animal_tokens")
        _check(isinstance(tokens, dict), "tile set needs 'animal_tokens'")
        for a, n in tokens.items():
            _check(a in self.animal_index, f"animal_tokens names unknown animal {a!r}")
            _check(isinstance(n, int) and n >= 0, f"animal_tokens[{a!r}] must be a whole number")
        self.token_counts = tuple(int(tokens.get(a, 0)) for a in self.animals)
        meeples = data.get("meeples_per_player", 6)
        _check(isinstance(meeples, int) and meeples >= 1, "meeples_per_player must be a positive number")
        self.meeples_per_player = meeples
        players = data.get("players", [2, 5])
        _check(isinstance(players, list) and len(players) == 2 and all(isinstance(p, int) for p in players)
               and 1 <= players[0] <= players[1], "players must be [min, max]")
        self.min_players, self.max_players = players

        self.types: list[TileType] = []
        self.copies: list[TileCopy] = []
        self.type_by_id: dict[str, TileType] = {}
        tiles: Any = data.get("tiles")
        _check(isinstance(tiles, list) and tiles, "tile set needs a non-empty 'tiles' list")
        for t in tiles:
            _check(isinstance(t, dict), "each tile must be an object")
            ident = t.get("id")
            _check(isinstance(ident, str) and ident and "/" not in ident and ident != "START",
                   f"tile id {ident!r} must be a non-empty name without '/'")
            _check(ident not in self.type_by_id, f"tile id {ident!r} appears twice")
            tt = self._tile_type(ident, t)
            count = t.get("count")
            copies = t.get("copies")
            _check(isinstance(count, int) and count >= 0, f"tile {ident}: count must be a whole number")
            _check(isinstance(copies, list) and len(copies) == count,
                   f"tile {ident}: 'copies' must list {count} copies")
            self.types.append(tt)
            self.type_by_id[ident] = tt
            for n, animals in enumerate(copies, 1):
                self.copies.append(TileCopy(len(self.copies), f"{ident}/{n}", tt,
                                            self._animals(f"tile {ident}/{n}", tt, animals)))
        self.copy_by_name = {c.name: c for c in self.copies}
        for ident in self._baobab_at:
            _check(any(f.kind == "baobab" for f in getattr(self.type_by_id.get(ident), "features", ())),
                   f"the pictures place a baobab on tile {ident}, which has none")
        self._chance_outcomes()

        start: Any = data.get("start")
        _check(isinstance(start, dict) and isinstance(start.get("cells"), list) and start["cells"],
               "tile set needs a 'start' with 'cells'")
        self.start: list[StartCell] = []
        seen = set()
        for i, cell in enumerate(start["cells"]):
            _check(isinstance(cell, dict), "each start cell must be an object")
            at = cell.get("at")
            _check(isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at),
                   f"start cell {i}: 'at' must be [x, y]")
            _check(tuple(at) not in seen, f"start cell {i}: space {at} is used twice")
            seen.add(tuple(at))
            tt = self._tile_type(f"START{i}", cell)
            self.start.append(StartCell(at[0], at[1], tt, self._animals(f"start cell {i}", tt, cell.get("animals"))))
        cells = {(c.x, c.y): c for c in self.start}
        for (x, y), cell in cells.items():
            for d, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                other = cells.get((x + dx, y + dy))
                if other is not None and cell.type.edges[d] != other.type.edges[(d + 2) % 4]:
                    raise ValueError(f"start cell at {x},{y}: its {SIDES[d]} edge does not match the start cell "
                                     f"next to it ({cell.type.edge_text[d]!r} against {other.type.edge_text[(d + 2) % 4]!r})")
        rangers = data.get("ranger_spaces", [])
        _check(isinstance(rangers, list) and len(rangers) == 2 and all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(v, int) for v in r) for r in rangers),
            "ranger_spaces must list two [x, y] spaces")
        _check(tuple(rangers[0]) != tuple(rangers[1]), "the two rangers must start on different spaces")
        for r in rangers:
            _check(tuple(r) not in seen, f"ranger space {r} is covered by the start tile")
        self.ranger_spaces = [tuple(r) for r in rangers]

    def _chance_outcomes(self) -> None:
        """What a land tile draw can show, for explicit-chance games: copies alike (the same
        type and the same animals on each feature) are one outcome, since nothing tells them
        apart. An outcome is named by its type's id when every copy of the type is alike
        ("S05", "S01"), else by the first copy of those alike ("S03/2" for S03/2 and S03/3,
        both a giraffe). `outcome_of[copy index]` is the copy's outcome."""
        first: dict[tuple[str, tuple[str, ...]], int] = {}
        looks: dict[str, set[tuple[str, ...]]] = {}
        self.outcome_of: list[int] = []
        self.outcome_copies: list[list[int]] = []  # per outcome, its copies
        for c in self.copies:
            key = (c.type.id, c.animals)
            looks.setdefault(c.type.id, set()).add(c.animals)
            o = first.get(key)
            if o is None:
                o = first[key] = len(self.outcome_copies)
                self.outcome_copies.append([])
            self.outcome_of.append(o)
            self.outcome_copies[o].append(c.index)
        self.outcome_names: list[str] = []
        for copies in self.outcome_copies:
            c = self.copies[copies[0]]
            self.outcome_names.append(c.type.id if len(looks[c.type.id]) == 1 else c.name)
        self.outcome_index = {n: o for o, n in enumerate(self.outcome_names)}

    def outcome_name(self, copy_name: str) -> str | None:
        """The chance outcome that shows a tile copy ("S03/3" -> "S03/2"), or None."""
        c = self.copy_by_name.get(copy_name)
        return None if c is None else self.outcome_names[self.outcome_of[c.index]]

    def _tile_type(self, ident: str, t: dict[str, Any]) -> TileType:
        edges: Any = t.get("edges")  # JSON, checked below
        _check(isinstance(edges, str) and len(edges) == 4 and all(c in EDGE_KINDS for c in edges),
               f"tile {ident}: 'edges' must be four of s, t, b (N E S W)")
        feats = t.get("features", [])
        _check(isinstance(feats, list), f"tile {ident}: 'features' must be a list")
        features: list[Feature] = []
        used: set[int] = set()
        for n, f in enumerate(feats, 1):
            _check(isinstance(f, dict) and f.get("kind") in FEATURE_KINDS,
                   f"tile {ident}: feature kind must be one of {', '.join(FEATURE_KINDS)}")
            kind = f["kind"]
            sides = f.get("edges", [])
            _check(isinstance(sides, list) and all(isinstance(s, str) and len(s) == 1 and s in SIDES for s in sides)
                   and len(set(sides)) == len(sides),
                   f"tile {ident}: feature {n} ({kind}): edges must be a list of distinct sides N, E, S, W, "
                   f"not {short(sides)}")
            idx = tuple(SIDES.index(s) for s in sides)
            if kind == "baobab":
                _check(not idx, f"tile {ident}: a baobab has no edges")
            else:
                _check(idx, f"tile {ident}: a {kind} needs at least one edge")
                want = "t" if kind == "trail" else "b"
                for s in idx:
                    _check(edges[s] == want, f"tile {ident}: {kind} edge {SIDES[s]} must be '{want}' in edges")
                    _check(s not in used, f"tile {ident}: edge {SIDES[s]} belongs to two features")
                    used.add(s)
            birds = f.get("birds", 0)
            _check(isinstance(birds, int) and birds >= 0, f"tile {ident}: birds must be a whole number")
            _check(kind == "bush" or birds == 0, f"tile {ident}: only bush has birds")
            at = f.get("at", self._baobab_at.get(ident) if kind == "baobab" else None)
            _check(at is None or (kind == "baobab" and isinstance(at, str) and at in POINTS),
                   f"tile {ident}: feature {n} ({kind}): 'at' (where the picture has it) is for a baobab, one of "
                   f"{', '.join(POINTS)}, not {short(at)}")
            features.append(Feature(kind, idx, birds, None if at is None else POINTS.index(at)))
        _check(sum(1 for f in features if f.kind == "baobab") <= 1, f"tile {ident}: at most one baobab")
        for s, c in enumerate(edges):
            _check(c == "s" or s in used, f"tile {ident}: edge {SIDES[s]} shows {c!r} but no feature holds it")
        corners = t.get("savanna_corners", [])
        _check(isinstance(corners, list) and all(c in CORNERS for c in corners),
               f"tile {ident}: savanna_corners must be among NE, SE, SW, NW")
        cidx = sorted({CORNERS.index(c) for c in corners})
        for c in cidx:
            # corner c touches sides c (N for NE..) and c+1: NE touches N and E.
            touching = (c, (c + 1) % 4)
            _check(all(edges[s] != "b" for s in touching),
                   f"tile {ident}: corner {CORNERS[c]} touches bush and cannot be open savanna")
        return TileType(ident, edges, features, cidx)

    def _animals(self, where: str, tt: TileType, animals: Any) -> tuple[str, ...]:
        _check(isinstance(animals, list) and len(animals) == len(tt.features),
               f"{where}: animals must list one string per feature")
        for i, a in enumerate(animals):
            _check(isinstance(a, str) and all(ch in self.animal_index for ch in a),
                   f"{where}: animals {a!r} must use the set's animal letters")
            _check(not a or tt.features[i].kind != "baobab", f"{where}: a baobab holds no animals")
        return tuple(animals)

    def mask(self, animals: str) -> int:
        m = 0
        for ch in animals:
            m |= 1 << self.animal_index[ch]
        return m


def _check(ok: object, message: str) -> None:  # (ok: any value, taken as true or false)
    if not ok:
        raise ValueError(message)


def packaged_data(version: str = DEFAULT_TILE_SET) -> dict[str, Any]:
    """The JSON data of a tile set the package ships, by version."""
    if version not in TILE_SETS:
        raise ValueError(f"unknown tile set {short(version, 40)}; this version of savanna knows {', '.join(TILE_SETS)}")
    data: dict[str, Any] = json.loads(_data_file(TILE_SETS[version]))
    return data


def _data_file(name: str) -> str:
    return resources.files(__package__).joinpath("data").joinpath(name).read_text("utf-8")


def pictures(version: str) -> dict[str, Any]:
    """Where the pictures of a packaged set's tiles draw a piece (the board's business, no rule's):
    {"baobab_at": {tile id: point}}. Kept apart so that each tile file stays a copy of its source."""
    by_version: dict[str, dict[str, Any]] = json.loads(_data_file(PICTURES))
    return by_version.get(version, {})


def default_data() -> dict[str, Any]:
    return packaged_data(DEFAULT_TILE_SET)


_PACKAGED: dict[str, TileSet] = {}
_USERS: list[TileSet] = []  # a user's sets read lately, the newest last
_USERS_KEPT = 16
_USERS_LOCK = threading.Lock()


def _find_user_set(data: dict[str, Any]) -> TileSet | None:
    """A set read before from data equal to `data`. Comparing dicts is a walk in C, far
    cheaper than writing the data out to key it; the cheap look at size and version first
    keeps it to one walk."""
    tiles = data.get("tiles")
    size = len(tiles) if isinstance(tiles, list) else -1
    for ts in reversed(_USERS):
        if len(ts.data["tiles"]) == size and ts.version == data.get("version") and ts.data == data:
            return ts
    return None


def load_tiles(data: dict[str, Any] | str | TileSet | None = None) -> TileSet:
    """A tile set: None for the default (real-1), a packaged set's version name
    ("real-1", "reconstruction-1"), a user's set as a dict or JSON text, or a
    TileSet. Each is read and checked once and shared: packaged sets by version,
    a user's by content (a dict changed since is read again)."""
    if isinstance(data, TileSet):
        return data
    if data is None:
        data = DEFAULT_TILE_SET
    if isinstance(data, str):
        if not data.lstrip().startswith("{"):
            ts = _PACKAGED.get(data)
            if ts is None:
                ts = _PACKAGED[data] = TileSet(packaged_data(data), packaged=True, pictures=pictures(data))
            return ts
        try:
            data = read_json(data)
        except ValueError as e:  # (a number too long to read is one too)
            raise ValueError(f"tile set is not valid JSON: {e}") from None
        except RecursionError:
            raise ValueError("tile set is not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ValueError(f"a tile set must be a version name or a JSON object, not {type(data).__name__}")
    with _USERS_LOCK:  # the web app loads sets from several threads
        try:
            ts = _find_user_set(data)
        except RecursionError:
            ts = None  # nested too deeply to compare: TileSet says what is wrong
        if ts is not None:
            _USERS.remove(ts)
            _USERS.append(ts)
            return ts
    ts = TileSet(data)  # checked outside the lock: a large set takes a while
    with _USERS_LOCK:
        _USERS.append(ts)
        del _USERS[:-_USERS_KEPT]
    return ts
