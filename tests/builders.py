"""Builders for the tests: tiny tile sets in the safari-tiles/1 format, so each
scenario's board is exact, and helpers to drive a game."""

from __future__ import annotations

import io
import sys

from savanna import safari

CORNERS = ("NE", "SE", "SW", "NW")
ANIMALS = {"A": "ape", "E": "elephant", "G": "giraffe", "L": "lion", "Z": "zebra"}
FILLER = "F"
# The scripted positions of the bad-input and save tests were written on the invented
# tile set, which games saved before real-1 still use; what they check (refusals, round
# trips) does not depend on the tiles' geometry, so they keep playing on it, by name.
SCRIPTED_TILES = "reconstruction-1"


def scripted_game(**kw) -> safari.Game:
    """A game on SCRIPTED_TILES (unless the test gives its own set)."""
    kw.setdefault("tiles", SCRIPTED_TILES)
    return safari.new_game(**kw)


def trail(edges: str) -> dict:
    return {"kind": "trail", "edges": list(edges)}


def bush(edges: str, birds: int = 0) -> dict:
    return {"kind": "bush", "edges": list(edges), "birds": birds}


def baobab() -> dict:
    return {"kind": "baobab", "edges": []}


def open_corners(edges: str) -> list[str]:
    """The corners touching no bush edge (NE touches N and E, and so on)."""
    return [c for i, c in enumerate(CORNERS) if edges[i] != "b" and edges[(i + 1) % 4] != "b"]


def tile(ident: str, edges: str, features=(), animals=None, count: int = 1, copies=None) -> dict:
    features = list(features)
    if copies is None:
        one = list(animals) if animals is not None else [""] * len(features)
        copies = [list(one) for _ in range(count)]
    return {"id": ident, "count": len(copies), "edges": edges, "savanna_corners": open_corners(edges),
            "features": features, "copies": copies}


def cell(x: int, y: int, edges: str = "ssss", features=(), animals=None) -> dict:
    features = list(features)
    return {"at": [x, y], "edges": edges, "features": features, "savanna_corners": open_corners(edges),
            "animals": list(animals) if animals is not None else [""] * len(features)}


def plain_start():
    return [cell(-1, 0), cell(0, 0), cell(1, 0)]


def tileset(tiles, start=None, rangers=((-2, 0), (2, 0)), token_counts=None, meeples: int = 6) -> dict:
    return {
        "format": "safari-tiles/1",
        "animals": dict(ANIMALS),
        "animal_tokens": dict(token_counts) if token_counts is not None else {a: 10 for a in ANIMALS},
        "meeples_per_player": meeples,
        "players": [2, 5],
        "start": {"id": "START", "cells": start if start is not None else plain_start()},
        "ranger_spaces": [list(r) for r in rangers],
        "tiles": tiles,
    }


def new(tiles, order, tokens: str = "", players: int = 2, final_scoring: str = "all", seed: int = 7, **set_kw):
    return safari.new_game(players=players, seed=seed, final_scoring=final_scoring,
                           tiles=tileset(tiles, **set_kw), tile_order=order, token_order=tokens)


def play(g, *actions) -> None:
    for a in actions:
        g.apply(a)


def legal(g) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def filler(count: int) -> dict:
    return tile(FILLER, "ssss", count=count)


def weighted_pick(g, rng):
    """A random legal action, by kind first, so that meeples and scoring choices come up often."""
    by: dict[str, list] = {}
    for a in g.legal_actions():
        by.setdefault(a.kind, []).append(a)
    weights = {"M": 8, "X": 3, "D": 2}
    kinds = sorted(by)
    return rng.choice(by[rng.choices(kinds, [weights.get(k, 1) for k in kinds])[0]])


def run_main(args, stdin_text="", monkeypatch=None, capsys=None):
    """Run the `savanna` command line in-process with `stdin_text` as its input:
    (exit code, stdout, stderr)."""
    from savanna.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    try:
        code = main(args)
    except SystemExit as e:  # argparse
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err
