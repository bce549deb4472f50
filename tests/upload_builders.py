"""Uploads at the bounds (savanna/safari/limits.py, savanna/africa/limits.py): the largest
tile set, game data and saved games the engine accepts, for tests/test_upload_bounds.py and
the timing in bench/upload_bounds.py. Every bound is reached at once where the others allow."""

from __future__ import annotations

import json
import random
import string

from savanna import africa, limits, safari
from savanna.africa import limits as africa_limits
from savanna.safari import limits as safari_limits

LETTERS = string.ascii_uppercase
CORNERS = ["NE", "SE", "SW", "NW"]
BIG_SEED = 2**limits.SEED_BITS - 1


def _name(prefix: str, n: int, width: int) -> str:
    return f"{prefix}{n:0{width - len(prefix)}d}"


def safari_set_at_bounds() -> dict:
    """A tile set with as many tile types, copies, tokens, animals, meeples, players, start
    cells, features, birds and letters as the bounds allow, at the furthest coordinates."""
    L = safari_limits
    letters = (LETTERS * 2)[:L.ANIMALS_ON_FEATURE]

    def tile_type(variant: int) -> dict:
        # five features (one per side and a baobab) where the edges allow it; the other
        # variants keep the tiles fitting each other, so that a game on the set is long
        if variant == 0:
            edges, feats = "tttt", [{"kind": "trail", "edges": [s]} for s in "NESW"]
        elif variant == 1:
            edges, feats = "btbt", [{"kind": "bush", "edges": ["N"], "birds": L.BIRDS}, {"kind": "trail", "edges": ["E"]},
                                    {"kind": "bush", "edges": ["S"], "birds": L.BIRDS}, {"kind": "trail", "edges": ["W"]}]
        elif variant == 2:
            edges, feats = "stst", [{"kind": "trail", "edges": ["E", "W"]}]
        else:
            edges, feats = "ssss", []
        feats = feats + [{"kind": "baobab", "edges": []}]
        corners = [c for i, c in enumerate(CORNERS) if edges[i] != "b" and edges[(i + 1) % 4] != "b"]
        animals = [letters if f["kind"] != "baobab" else "" for f in feats]
        return {"edges": edges, "features": feats, "savanna_corners": corners, "animals": animals}

    per_type = L.TILES // L.TILE_TYPES
    tiles = []
    for i in range(L.TILE_TYPES):
        t = tile_type(i % 4)
        animals = t.pop("animals")
        tiles.append({"id": _name("T", i, L.NAME), "count": per_type, **t, "copies": [animals] * per_type})
    tiles[0]["count"] = L.COPIES  # one type with the most copies, the others fewer: TILES in all
    tiles[0]["copies"] = tiles[0]["copies"][:1] * L.COPIES
    for t in tiles[1:L.COPIES - per_type + 1]:
        t["count"] -= 1
        t["copies"] = t["copies"][:-1]
    start = []
    for x in range(1, L.START_CELLS + 1):  # a row of cells out to the furthest coordinate
        t = tile_type(0)
        start.append({"at": [x, 0], **t})
    tokens = {a: L.TOKENS_PER_ANIMAL for a in LETTERS[:L.TOKENS // L.TOKENS_PER_ANIMAL]}
    return {
        "format": "safari-tiles/1",
        "version": "v" * L.VERSION,
        "animals": {a: a * L.NAME for a in LETTERS[:L.ANIMALS]},
        "animal_tokens": tokens,
        "meeples_per_player": L.MEEPLES,
        "players": [2, limits.PLAYERS],
        "start": {"cells": start},
        "ranger_spaces": [[1, -1], [L.START_CELLS, 1]],
        "tiles": tiles,
    }


def busy_pick(g, rng):
    """A legal action that makes the game long: meeples placed and tokens added when possible."""
    acts = g.legal_actions()
    for kind in ("M", "+"):
        some = [a for a in acts if a.kind == kind and a != "+none"]
        if some:
            return rng.choice(some)
    return rng.choice(acts)


def safari_game_at_bounds(actions: int | None = None, seed: int = 1) -> safari.Game:
    """A game of the most players on the set at the bounds, with the largest seed, the
    longest tile and token orders, played to the end (or `actions` actions)."""
    data = safari_set_at_bounds()
    names = [f"{t['id']}/{n}" for t in data["tiles"] for n in range(1, t["count"] + 1)]
    rng = random.Random(seed)
    rng.shuffle(names)
    tokens = "".join(a * n for a, n in data["animal_tokens"].items())
    g = safari.new_game(players=limits.PLAYERS, seed=BIG_SEED, tiles=data, tile_order=names,
                        token_order="".join(rng.sample(tokens, len(tokens))))
    while not g.is_terminal() and (actions is None or len(g.history) < actions):
        g.apply(busy_pick(g, rng))
    return g


def africa_data_at_bounds() -> dict:
    """Game data with the largest map (SPACES spaces, a row COLUMNS wide), the most cities,
    tile types and players, and every number at its bound."""
    A = africa_limits
    wide = [A.COLUMNS] + [25] * 14 + [A.SPACES - A.COLUMNS - 25 * 14]  # SPACES spaces in 16 rows
    rows = [["o"] * w for w in wide]
    marks = iter(string.digits + LETTERS)
    cities = {}
    for r in range(0, len(rows), 3):  # apart, each with discovery spaces around it
        for c in range(1, 22, 4):
            if len(cities) < A.CITIES:
                mark = next(marks)
                rows[r][c] = mark
                cities[mark] = _name(f"City {mark} ", len(cities), A.NAME)
    sets = A.OBJECT_SETS - 1  # like objects a set can score
    tiles = [{"id": "monument", "kind": "monument", "count": 11}]
    tiles += [{"id": f"object-{i}", "kind": "object", "count": sets} for i in range(2)]
    tiles += [{"id": f"{k}-{i}", "kind": k, "value": A.VALUE, "count": 5} for k in ("gold", "gems") for i in range(2)]
    tiles += [{"id": "nomads", "kind": "nomad", "count": 20}]
    n_animals = A.TILE_TYPES - len(tiles)
    left = A.SPACES - len(cities) - sum(t["count"] for t in tiles)
    tiles += [{"id": f"animal-{i}", "kind": "animal", "count": left // n_animals + (i < left % n_animals)}
              for i in range(n_animals)]
    return {
        "format": "africa-data/1",
        "name": "n" * limits.TEXT,
        "players": [2, A.PLAYERS],
        "map": {"layout": "odd-r", "note": "n" * limits.TEXT, "rows": ["".join(r) for r in rows], "cities": cities},
        "tiles": tiles,
        "camps_per_player": A.CAMPS,
        "camp_supply": A.CAMPS,
        "last_monument_bonus": A.POINTS,
        "object_sets": [0] + [A.POINTS] * sets,
        "treasure_awards": [A.POINTS, A.POINTS],
    }


def africa_game_at_bounds(actions: int, seed: int = 1) -> africa.Game:
    """A game of the most players on the data at the bounds, with the largest seed, played
    by random choices for `actions` actions (or to its end), discovering seldom so that
    it lasts."""
    rng = random.Random(seed)
    g = africa.new_game(players=africa_limits.PLAYERS, seed=BIG_SEED, data=africa_data_at_bounds())
    while not g.is_terminal() and len(g.history) < actions:
        acts = g.legal_actions()
        slow = [a for a in acts if a.kind != "D"]
        g.apply(rng.choice(slow if slow and rng.random() < 0.95 else acts))
    return g


def saved(g) -> dict:
    return json.loads(g.to_json())
